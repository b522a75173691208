#!/usr/bin/env node
// `npx ads-preview ...` in a clone: Node 22 or newer runs the TypeScript sources directly
// (type stripping), so nothing has to be built first.
import '../scripts/require-node.mjs'

await import('../cli/main.ts')

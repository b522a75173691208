// Bundles the server into dist/server/main.mjs. Packages stay external (node_modules is there
// at run time); the single-executable build bundles them too.
import { build } from 'esbuild'

export async function buildServer() {
  await build({
    entryPoints: ['server/main.ts'],
    outfile: 'dist/server/main.mjs',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
}

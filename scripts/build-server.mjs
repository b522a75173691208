// Bundles the server into dist/server/main.mjs, and the inspecting process it starts to validate
// a package into dist/server/inspecting-process.mjs beside it. Packages stay external
// (node_modules is there at run time); the single-executable build bundles them too.
import { build } from 'esbuild'

export async function buildServer() {
  await build({
    entryPoints: {
      main: 'server/main.ts',
      'inspecting-process': 'server/creatives/inspection/inspecting-process.ts',
    },
    outdir: 'dist/server',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
}

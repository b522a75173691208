// What is running: the version (the binary has it built in; from source it is package.json's)
// and how (the single executable or Node with the project's files), for --version, the start
// report and the health answer, so a test can tell the binary answered and not a source server.
import fs from 'node:fs'
import path from 'node:path'
import { isSea } from 'node:sea'
import { PROJECT_ROOT } from './project-root.ts'

/** Set by the binary's build (scripts/build-binary.mjs); absent when running from source. */
declare const APP_VERSION: string | undefined

function sourceVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    version: string
  }
  return manifest.version
}

export const BUILD = {
  version: typeof APP_VERSION === 'string' ? APP_VERSION : sourceVersion(),
  runtime: isSea() ? ('single-executable' as const) : ('node' as const),
  node: process.version,
}

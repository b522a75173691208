// Files docs/self-hosting.md shows (fences marked `file=<name>`), taken from the page itself so the
// tests run exactly what a reader copies.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const README = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/self-hosting.md'), 'utf8')

/** The body of docs/self-hosting.md's fence marked `file=<name>`. */
export function readmeFile(name: string): string {
  const fence = new RegExp(`\`\`\`\\w+ file=${name.replaceAll('/', '\\/')}\\n([\\s\\S]*?)\`\`\``)
  const found = fence.exec(README)
  if (!found) throw new Error(`docs/self-hosting.md has no fence marked file=${name}`)
  return found[1]!
}

/** Whether a command is on PATH. */
export const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0

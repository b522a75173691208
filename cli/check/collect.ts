// The packages a run checks: each argument is a .zip or a folder searched for .zip files at any
// depth (sorted, so reports compare between runs). A path that does not exist is an I/O error.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { PackageInput } from './worker-protocol.ts'

export class InputError extends Error {}

function displayName(absolute: string, cwd: string): string {
  const relative = path.relative(cwd, absolute)
  return relative.startsWith('..') || path.isAbsolute(relative)
    ? absolute
    : relative.split(path.sep).join('/')
}

async function zipsUnder(folder: string, into: string[]): Promise<void> {
  const entries = await fs.readdir(folder, { withFileTypes: true })
  for (const entry of entries) {
    const full = path.join(folder, entry.name)
    // Symbolic links to folders are not followed: a link cycle would never end.
    if (entry.isDirectory()) await zipsUnder(full, into)
    else if (/\.zip$/i.test(entry.name) && (entry.isFile() || entry.isSymbolicLink())) into.push(full)
  }
}

export async function collectPackages(args: string[], cwd = process.cwd()): Promise<PackageInput[]> {
  const found: string[] = []
  for (const arg of args) {
    const absolute = path.resolve(cwd, arg)
    const stat = await fs.stat(absolute).catch((error: NodeJS.ErrnoException) => {
      throw new InputError(
        `cannot read ${arg}: ${error.code === 'ENOENT' ? 'no such file or folder' : error.message}`,
      )
    })
    if (!stat.isDirectory()) {
      found.push(absolute)
      continue
    }
    const inFolder: string[] = []
    await zipsUnder(absolute, inFolder).catch((error: Error) => {
      throw new InputError(`cannot read the folder ${arg}: ${error.message}`)
    })
    if (inFolder.length === 0) throw new InputError(`${arg} holds no .zip file`)
    found.push(...inFolder.sort())
  }
  const unique = [...new Set(found)]
  return unique.map((absolute) => ({ path: absolute, file: displayName(absolute, cwd) }))
}

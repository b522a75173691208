// The clone's command lines name package.json's own scripts and bin, and the subcommands each
// entry dispatches on are the ones the table says.
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COMMAND_LINES, commandLines, isSubcommandOf } from './commands.ts'

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  bin: Record<string, string>
  scripts: Record<string, string>
}

describe('the command table', () => {
  it("spells the clone's commands as package.json's scripts and bin", () => {
    expect(COMMAND_LINES.serve.clone).toBe('npm start --')
    expect(pkg.scripts.start).toBeDefined()
    const users = /^npm run (\S+) --$/.exec(COMMAND_LINES.users.clone)?.[1]
    expect(users && pkg.scripts[users]).toBeTruthy()
    for (const name of ['check', 'move'] as const) {
      const [runner, bin] = COMMAND_LINES[name].clone.split(' ')
      expect(runner).toBe('npx')
      expect(pkg.bin[bin!]).toBeDefined()
    }
  })

  it('gives each entry the subcommands its line ends with', () => {
    const of = (entry: 'clone' | 'binary') =>
      Object.keys(COMMAND_LINES).filter((name) => isSubcommandOf(entry, name))
    expect(of('clone')).toEqual(['check', 'move'])
    expect(of('binary')).toEqual(['users', 'check', 'move'])
    expect(isSubcommandOf('binary', undefined)).toBe(false)
    expect(commandLines('binary').serve).toBe('./ads-preview')
  })
})

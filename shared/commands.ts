// Every command of the product and how each entry spells it: a clone (package.json's scripts for
// the server and its users, its bin `ads-preview` for check and move) or the single executable
// (bin/single-executable/, which answers all four). The help texts and the start report print
// these lines; cli/main.ts and the binary dispatch on the subcommands they name (SubcommandOf
// makes the compiler refuse an entry that leaves one out); shared/commands.test.ts holds
// package.json to the clone's spelling, so a renamed script cannot leave a help text pointing at
// a command that does not exist.

/** Where the product runs from: a clone of the repository, or the single executable. */
export type Entry = 'clone' | 'binary'

/** The command line that runs each command from each entry (its arguments follow). */
export const COMMAND_LINES = {
  serve: { clone: 'npm start --', binary: './ads-preview' },
  users: { clone: 'npm run users --', binary: './ads-preview users' },
  check: { clone: 'npx ads-preview check', binary: './ads-preview check' },
  move: { clone: 'npx ads-preview move', binary: './ads-preview move' },
} as const satisfies Record<string, Record<Entry, string>>

export type CommandName = keyof typeof COMMAND_LINES

/** The commands an entry takes as its first argument: those whose line ends with their name. */
export type SubcommandOf<E extends Entry> = {
  [C in CommandName]: (typeof COMMAND_LINES)[C][E] extends `${string} ${C}` ? C : never
}[CommandName]

/** Each command's line from one entry. */
export function commandLines(entry: Entry): Record<CommandName, string> {
  const lines = {} as Record<CommandName, string>
  for (const name of Object.keys(COMMAND_LINES) as CommandName[]) lines[name] = COMMAND_LINES[name][entry]
  return lines
}

/** Whether `name` is one of `entry`'s subcommands (the first argument it was given). */
export function isSubcommandOf<E extends Entry>(entry: E, name: string | undefined): name is SubcommandOf<E> {
  return Object.entries(COMMAND_LINES).some(
    ([command, lines]) => command === name && lines[entry].endsWith(` ${command}`),
  )
}

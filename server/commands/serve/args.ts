// The command line of the server, the same for `npm start -- <args>` and the binary: --help and
// --version print and exit before anything starts; anything else unknown is refused in one line.
// The binary also takes `users ...` (npm has `npm run users -- ...` for that).
export type CliCommand =
  | { kind: 'serve' }
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'users'; args: string[] }
  | { kind: 'refused'; message: string }

export function parseArgs(args: string[], options: { users: boolean }): CliCommand {
  const [first, ...rest] = args
  if (first === undefined) return { kind: 'serve' }
  if (first === '--help' || first === '-h' || first === 'help') return { kind: 'help' }
  if (first === '--version' || first === '-v') return { kind: 'version' }
  if (first === 'users' && options.users) return { kind: 'users', args: rest }
  return {
    kind: 'refused',
    message: `Unknown argument "${first}": the server is configured by environment variables (--help lists them).`,
  }
}

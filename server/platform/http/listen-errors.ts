// The errors people meet when the server starts listening, said in one line that names the
// variable to change: a port someone else has, a port below 1024 without the right, a HOST that
// is not an address of this machine. Anything else: undefined (the caller keeps its message).
export function explainListenError(
  error: unknown,
  { port, host }: { port: number; host: string | undefined },
): string | undefined {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EADDRINUSE':
      return `PORT ${port} is already in use${host ? ` on ${host}` : ''}: stop what listens there or set PORT to a free port.`
    case 'EACCES':
      return `PORT ${port} needs privileges this user lacks (ports below 1024 do): set PORT to 1024 or above and put a proxy in front.`
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or leave it unset for all.`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} cannot be resolved to an address: set HOST to an IP address of this machine, or leave it unset for all.`
    default:
      return undefined
  }
}

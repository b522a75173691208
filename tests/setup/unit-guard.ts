// Setup file of the `unit` tier: a unit test starts no process, opens no socket and drives no
// browser, so the whole tier runs in well under a minute. Each of those throws here with the
// name a test that needs it should carry instead.
import child_process from 'node:child_process'
import module from 'node:module'
import net from 'node:net'

const refuse = (what: string) => () => {
  throw new Error(
    `A unit test may not ${what}. A test that starts the product in-process belongs in a *.int.test.ts file; one that starts processes, servers or Chromium in a *.proc.test.ts file (README "Test it").`,
  )
}
for (const name of ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync'] as const) {
  Object.defineProperty(child_process, name, {
    value: refuse(`start a process (${name})`),
    configurable: true,
  })
}
net.Server.prototype.listen = refuse('listen on a socket')
net.Socket.prototype.connect = refuse('open a socket')
// Named imports of a builtin (`import { spawn } from 'node:child_process'`) see the change only
// once the builtin's ES module exports are synced with it.
module.syncBuiltinESMExports()

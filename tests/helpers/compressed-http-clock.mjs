// Preloaded into a server process (node --import) so that a test sees in seconds what Node's
// http server does after minutes: the total time it allows one request (requestTimeout, 300 s
// by default) and how often it checks (connectionsCheckingInterval, 30 s) become 100 times
// shorter, for servers that do not set their own. Test use only.
import http from 'node:http'

const createServer = http.createServer
http.createServer = function compressedCreateServer(options, listener) {
  const [given, handler] =
    typeof options === 'function' || options === undefined ? [{}, options] : [options, listener]
  return createServer.call(
    this,
    { requestTimeout: 3_000, connectionsCheckingInterval: 300, ...given },
    handler,
  )
}

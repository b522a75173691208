// Start, say where the product is and how to sign in, and stop cleanly on SIGTERM / SIGINT.
// Shared by `npm start` (server/main.ts) and the single executable (server/sea/main.ts).
import process from 'node:process'
import { type Config, ConfigError, parseConfig } from './config/parse-config.ts'
import { type RuntimeFiles, startProduct } from './start.ts'

export interface ServerCliOptions {
  runtime?: (config: Config) => RuntimeFiles
  version?: string
  /** How people run the users command here. */
  usersCommand?: string
}

export async function runServerCli(options: ServerCliOptions = {}) {
  const users = options.usersCommand ?? 'npm run users --'
  let config: Config
  try {
    config = parseConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }

  const runtime = options.runtime?.(config)
  const server = await startProduct(config, runtime ? { runtime } : {}).catch(cannotStart)
  const { url } = await server.listen().catch(cannotStart)

  console.log(`Ads Preview${options.version ? ` ${options.version}` : ''} is running at ${url}`)
  console.log(`Data is kept in ${config.dataDir}`)
  if (server.firstUser) {
    console.log(`\nSign in as ${server.firstUser.email}`)
    if (server.firstUser.generatedPassword) {
      console.log(`with the password ${server.firstUser.generatedPassword}`)
      console.log(`(shown once: change it with \`${users} passwd <email>\`)`)
    } else console.log('with the password from ADMIN_PASSWORD.')
  }
  if (config.auth.embedded) console.log(`Manage users with \`${users} list|add|remove|passwd\`.`)
  if (!server.thumbnails)
    console.log('No Chromium found (set CHROMIUM_PATH): the list shows placeholder thumbnails.')
  if (new URL(config.publicUrl).hostname === 'localhost') {
    console.log('Preview QR codes point at localhost: set PUBLIC_URL to an address a phone can reach.')
  }

  let stopping = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      console.log(`\n${signal}: finishing requests in flight, then stopping.`)
      const force = setTimeout(() => process.exit(1), 10_000)
      force.unref()
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Stopping failed:', error)
          process.exit(1)
        },
      )
    })
  }
}

function cannotStart(error: unknown): never {
  console.error('Ads Preview could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
}

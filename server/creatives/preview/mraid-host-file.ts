// The bundled MRAID host (mraid-host/, emitted by the client's build into the client folder).
import fs from 'node:fs'
import path from 'node:path'
import { MRAID_HOST_ASSET } from '../../../shared/mraid/host-protocol.ts'

/** The script, or undefined when the client has not been built (mraid.js then answers 503). */
export function readMraidHost(clientDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(clientDir, MRAID_HOST_ASSET), 'utf8')
  } catch {
    return undefined
  }
}

// The inspect-only call (REST POST /api/targets/inspect): a zip in the body, capped like an
// upload, answered with the inspector's verdict and the matrix for the chosen targets. The
// body goes to a temporary file under DATA_DIR/.tmp (emptied at each start, so a crash leaves
// nothing for long) that is removed once answered: nothing is stored.
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { UPLOAD_CONTENT_TYPE } from '../../../shared/constants.ts'
import { inspectTargets } from '../../../shared/targets/inspect-targets.ts'
import { type ActionContext, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { openFileSource } from '../../platform/storage/file-source.ts'
import { tooLarge } from '../../platform/storage/storage-errors.ts'
import { chooseTargets } from './chosen-targets.ts'

export interface InspectRequest {
  contentType: string | undefined
  contentLength: string | undefined
  body: ReadableStream<Uint8Array> | null
  targets: string | undefined
}

/** Counts the bytes going through and fails past `maxBytes`. */
function capped(maxBytes: number): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      done(seen > maxBytes ? tooLarge(maxBytes) : null, chunk)
    },
  })
}

export async function inspectZip(ctx: ActionContext, request: InspectRequest) {
  requireCaller(ctx)
  const chosen = chooseTargets(ctx.config, request.targets)
  const contentType = request.contentType?.split(';')[0]?.trim().toLowerCase()
  if (contentType !== UPLOAD_CONTENT_TYPE) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The package must be sent as ${UPLOAD_CONTENT_TYPE}.`)
  }
  const maxBytes = ctx.config.uploads.maxPackageBytes
  if (Number(request.contentLength ?? 0) > maxBytes) throw tooLarge(maxBytes)
  const folder = path.join(ctx.config.dataDir, '.tmp')
  await fsp.mkdir(folder, { recursive: true, mode: 0o700 })
  const dir = await fsp.mkdtemp(path.join(folder, 'inspect-'))
  try {
    const file = path.join(dir, 'package.zip')
    await pipeline(
      request.body ? Readable.fromWeb(request.body as never) : Readable.from([]),
      capped(maxBytes),
      fs.createWriteStream(file, { mode: 0o600 }),
    )
    const source = await openFileSource(file)
    const { inspection, matrix, badge } = await inspectTargets(source, {
      targets: chosen.ids,
      requireMraid: ctx.config.uploads.requireMraid,
      refuseWarnings: ctx.config.uploads.refuseWarnings,
      inspect: ctx.inspect,
    }).finally(() => source.close())
    const { ok, entry, adSize, issues } = inspection
    return { inspection: { ok, entry, ...(adSize ? { adSize } : {}), issues }, matrix, badge }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true })
  }
}

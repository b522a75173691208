// The product spec's REST calls as `check --server` makes them, with a bearer token: the
// answers are read through the same wire schemas the server answers with (shared/api.ts).
import fs from 'node:fs'
import type { z } from 'zod/mini'
import {
  apiErrorSchema,
  packageAnswerSchema,
  uploadUrlAnswerSchema,
  validationAnswerSchema,
} from '../../shared/api.ts'
import { UPLOAD_CONTENT_TYPE, type UploadPolicy } from '../../shared/constants.ts'
import { reviewStatesAnswerSchema } from '../../shared/review.ts'
import { packageTargetsAnswerSchema } from '../../shared/targets/wire.ts'

/** Ends the whole run: the server cannot be reached, or it refuses the token. */
export class ServerError extends Error {}

/** One call answered with an error the package itself caused (409, 413, 422...). */
export class CallRefused extends Error {
  readonly status: number
  readonly details: string[]
  constructor(status: number, message: string, details: string[]) {
    super(message)
    this.status = status
    this.details = details
  }
}

export interface ServerAccess {
  /** PUBLIC_URL + BASE_PATH */
  appUrl: string
  token: string
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    throw new ServerError(
      `cannot reach ${new URL(url).origin}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    )
  }
}

async function answer<S extends z.ZodMiniType>(
  response: Response,
  schema: S,
  what: string,
): Promise<z.infer<S>> {
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (response.status === 401 || response.status === 403) {
    const message = apiErrorSchema.safeParse(body).data?.message ?? response.statusText
    throw new ServerError(`the server refused the token (${response.status}: ${message})`)
  }
  if (!response.ok) {
    const error = apiErrorSchema.safeParse(body).data
    if (response.status >= 500 || !error)
      throw new CallRefused(
        response.status,
        `${what} failed (${response.status}): ${error?.message ?? text.slice(0, 200)}`,
        [],
      )
    throw new CallRefused(response.status, error.message, error.details ?? [])
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ServerError(`${what}: the server's answer is not an Ads Preview answer`)
  return parsed.data
}

export function serverClient({ appUrl, token }: ServerAccess) {
  const bearer = { Authorization: `Bearer ${token}` }
  return {
    async uploadUrl(filename: string, policy: UploadPolicy) {
      const query = new URLSearchParams({ filename, contentType: UPLOAD_CONTENT_TYPE, policy })
      const response = await call(`${appUrl}/api/upload/get-package-upload-url?${query}`, { headers: bearer })
      return answer(response, uploadUrlAnswerSchema, 'asking for an upload URL')
    },

    /**
     * The signed URL carries its own authority: no bearer header (it is signed for one object and
     * one method).
     */
    async put(signedRequest: string, file: string): Promise<void> {
      const body = await fs.openAsBlob(file, { type: UPLOAD_CONTENT_TYPE })
      const response = await call(signedRequest, {
        method: 'PUT',
        body,
        headers: { 'Content-Type': UPLOAD_CONTENT_TYPE },
      })
      if (!response.ok) {
        const error = apiErrorSchema.safeParse(await response.json().catch(() => undefined)).data
        throw new CallRefused(response.status, error?.message ?? `the upload failed (${response.status})`, [])
      }
    },

    async validate(uuid: string) {
      const response = await call(
        `${appUrl}/api/upload/validate-package-upload/${encodeURIComponent(uuid)}`,
        {
          method: 'POST',
          headers: { ...bearer, 'Content-Type': 'application/json' },
          body: JSON.stringify({ requireMraid: true }),
        },
      )
      return answer(response, validationAnswerSchema, 'validating')
    },

    async create(uuid: string) {
      const response = await call(`${appUrl}/api/packages/${encodeURIComponent(uuid)}`, {
        method: 'POST',
        headers: bearer,
      })
      return (await answer(response, packageAnswerSchema, 'creating the package')).package
    },

    /** The package's targets matrix: static rules, and the runtime audit's once it has run. */
    async targets(uuid: string, targets: string[]) {
      const query = new URLSearchParams({ targets: targets.join(',') })
      const response = await call(`${appUrl}/api/packages/${encodeURIComponent(uuid)}/targets?${query}`, {
        headers: bearer,
      })
      return (await answer(response, packageTargetsAnswerSchema, 'reading the targets')).matrix
    },

    /** The version's review state (shared for review and decided on, or awaiting); undefined: never shared. */
    async reviewState(uuid: string) {
      const response = await call(`${appUrl}/api/reviews/states?${new URLSearchParams({ uuid })}`, {
        headers: bearer,
      })
      return (await answer(response, reviewStatesAnswerSchema, 'reading the review state'))[uuid]
    },
  }
}

export type ServerClient = ReturnType<typeof serverClient>

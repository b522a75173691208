// The shape of the operation table the OpenAPI document (document.ts) is built from: every HTTP
// operation of the product outside the web app, tRPC and the identity provider, described with
// the zod schemas the routes validate and answer with. A test holds the live routes to it.
import type { z } from 'zod/mini'
import { apiErrorSchema } from '../../../../shared/api.ts'

export type Schema = z.ZodMiniType

export interface Answer {
  description: string
  /** A JSON answer; `type` names a non-JSON body. */
  schema?: Schema
  type?: string
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete'
  /** Below BASE_PATH, with {param} placeholders. */
  path: string
  operationId: string
  summary: string
  description?: string
  /** bearer: Authorization header; none: a capability URL or public. */
  auth: 'bearer' | 'none'
  tags: string[]
  params?: Record<string, string>
  query?: Schema
  body?: { schema: Schema } | { type: string; description: string }
  answers: Record<number, Answer>
}

export const errorAnswer = (description: string): Answer => ({ description, schema: apiErrorSchema })

/** An OpenAPI path (`{name}` placeholders) from a route's path (`:name`). */
export const openApiPath = (route: string) => route.replace(/:([^/]+)/g, '{$1}')

/** The path parameter of the calls on one upload or package. */
export const UUID_PARAM = {
  uuid: 'The upload uuid from the upload URL answer (it becomes the package uuid).',
}
/** What every call with a bearer header may answer besides its own. */
export const bearerErrors = {
  401: errorAnswer('Missing or invalid access token, or an API token that is unknown, revoked or expired.'),
  403: errorAnswer(
    'The access policy refuses this caller (organisation, email domain, required claim, or a removed member; the body carries accessDenied: true), or an API token of scope read calls what needs write.',
  ),
  503: errorAnswer("The identity provider's userinfo did not answer (only when a rule needs it)."),
  413: errorAnswer('The request body is larger than 64 KB.'),
}

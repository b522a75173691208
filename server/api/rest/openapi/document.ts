// The OpenAPI 3.1 document of the product's HTTP API, built from the operation tables and the
// zod schemas the routes validate and answer with (so it cannot drift from them). Served at
// BASE_PATH/openapi.json and committed as docs/openapi.json; a test fails when that copy is stale.
import { z } from 'zod/mini'
import packageJson from '../../../../package.json' with { type: 'json' }
import {
  apiErrorSchema,
  clientConfigSchema,
  deletedAnswerSchema,
  packageAnswerSchema,
  packageListAnswerSchema,
  packageListSchema,
  packagePageSchema,
  uploadUrlAnswerSchema,
  validateBodySchema,
  validationAnswerSchema,
} from '../../../../shared/api.ts'
import { PRODUCT } from '../../../../shared/constants.ts'
import { liveLinesAnswerSchema } from '../../../../shared/live/live-session.ts'
import {
  createReviewLinkInputSchema,
  reviewCommentAnswerSchema,
  reviewCommentInputSchema,
  reviewDecisionAnswerSchema,
  reviewDecisionInputSchema,
  reviewFeedbackSchema,
  reviewLinkListSchema,
  reviewLinkSchema,
  reviewRevokedAnswerSchema,
  reviewStatesAnswerSchema,
  reviewUnlockAnswerSchema,
  reviewUnlockInputSchema,
  reviewViewSchema,
} from '../../../../shared/review.ts'
import { inspectTargetsAnswerSchema, packageTargetsAnswerSchema } from '../../../../shared/targets/wire.ts'
import { auditPageSchema } from '../../../../shared/team.ts'
import { healthAnswerSchema, readinessAnswerSchema } from '../../../platform/health/answers.ts'
import { API_OPERATIONS } from './api-operations.ts'
import { LIVE_OPERATIONS } from './live-operations.ts'
import type { Operation, Schema } from './operation.ts'
import { PUBLIC_OPERATIONS } from './public-operations.ts'
import { REVIEW_OPERATIONS } from './review-operations.ts'

export const OPERATIONS: Operation[] = [
  ...API_OPERATIONS,
  ...PUBLIC_OPERATIONS,
  ...LIVE_OPERATIONS,
  ...REVIEW_OPERATIONS,
]

type JsonSchema = Record<string, unknown>

/** Schemas the document names (components), by the direction they travel in. */
const ANSWERS: Record<string, Schema> = {
  Package: packageAnswerSchema.shape.package,
  PackageList: packageListSchema,
  PackagePage: packagePageSchema,
  PackageListAnswer: packageListAnswerSchema,
  PackageAnswer: packageAnswerSchema,
  DeletedAnswer: deletedAnswerSchema,
  UploadUrlAnswer: uploadUrlAnswerSchema,
  ValidationAnswer: validationAnswerSchema,
  PackageTargets: packageTargetsAnswerSchema,
  InspectTargets: inspectTargetsAnswerSchema,
  ApiError: apiErrorSchema,
  ClientConfig: clientConfigSchema,
  Health: healthAnswerSchema,
  Readiness: readinessAnswerSchema,
  AuditPage: auditPageSchema,
  LiveLinesAnswer: liveLinesAnswerSchema,
  ReviewLink: reviewLinkSchema,
  ReviewLinks: reviewLinkListSchema,
  ReviewStates: reviewStatesAnswerSchema,
  ReviewRevoked: reviewRevokedAnswerSchema,
  ReviewView: reviewViewSchema,
  ReviewUnlocked: reviewUnlockAnswerSchema,
  ReviewCommented: reviewCommentAnswerSchema,
  ReviewDecided: reviewDecisionAnswerSchema,
  ReviewFeedback: reviewFeedbackSchema,
}
const INPUTS: Record<string, Schema> = {
  ValidateBody: validateBodySchema,
  ShareForReview: createReviewLinkInputSchema,
  ReviewUnlock: reviewUnlockInputSchema,
  ReviewComment: reviewCommentInputSchema,
  ReviewDecision: reviewDecisionInputSchema,
}

const ref = (id: string) => `#/components/schemas/${id}`

function components(named: Record<string, Schema>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, { uri: ref, io }) as { schemas: Record<string, JsonSchema> }
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _, $id: __, ...schema }]) => [id, schema]),
  )
}

function refTo(schema: Schema, named: Record<string, Schema>): JsonSchema {
  const id = Object.keys(named).find((name) => named[name] === schema)
  if (!id) throw new Error('every schema of an operation is named in document.ts')
  return { $ref: ref(id) }
}

function queryParameters(schema: Schema) {
  const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, JsonSchema>
    required?: string[]
  }
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: property,
  }))
}

function operationObject(operation: Operation) {
  const parameters = [
    ...Object.entries(operation.params ?? {}).map(([name, description]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: { type: 'string' },
    })),
    ...(operation.query ? queryParameters(operation.query) : []),
  ]
  const body = operation.body
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: operation.tags,
    security: operation.auth === 'bearer' ? [{ bearer: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: !('schema' in body),
            content:
              'schema' in body
                ? { 'application/json': { schema: refTo(body.schema, INPUTS) } }
                : { [body.type]: { schema: { type: 'string', contentMediaType: body.type } } },
            ...('description' in body ? { description: body.description } : {}),
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(operation.answers).map(([status, answer]) => [
        status,
        {
          description: answer.description,
          ...(answer.schema
            ? { content: { 'application/json': { schema: refTo(answer.schema, ANSWERS) } } }
            : answer.type
              ? { content: { [answer.type]: {} } }
              : {}),
        },
      ]),
    ),
  }
}

/** Where the document's copy is committed (it is served at SERVER_MOUNTS.openApi). */
export const COMMITTED_OPENAPI_FILE = 'docs/openapi.json'

/** serverUrl: the API's base, absolute where the server knows its address, else BASE_PATH. */
export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const operation of OPERATIONS) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT} API`,
      version: packageJson.version,
      description:
        'Upload, validate, list, preview, download and delete HTML5/MRAID ad packages. An upload takes four calls: getPackageUploadUrl, a PUT of the zip to signedRequest, validatePackageUpload, createPackage. The web app uses the same service through tRPC (/trpc); the embedded identity provider is described by its own discovery document (/oidc/.well-known/openid-configuration).',
    },
    servers: [{ url: serverUrl }],
    tags: ['packages', 'upload', 'targets', 'files', 'preview', 'live', 'service'].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "An access token of the configured OpenID provider (the web app's sign-in), or a personal API token (adp_..., made on the app's API tokens page; scope read: only the GET calls of /api/packages).",
        },
      },
      schemas: { ...components(ANSWERS, 'output'), ...components(INPUTS, 'input') },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>

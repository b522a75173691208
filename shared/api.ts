// Wire shapes of the API (the product spec's entities and calls), shared by the server (which
// validates its input with them) and the client (which reads its answers through them). Field names
// are snake_case where the spec names them so. zod/mini: the same schemas at a tenth of the browser
// bundle.
import { z } from 'zod/mini'
import { UPLOAD_CONTENT_TYPE, UPLOAD_POLICIES } from './constants.ts'
import { cleanFilename } from './filename.ts'

export const uploadPolicySchema = z.enum(UPLOAD_POLICIES)

export const packageSchema = z.object({
  id: z.number().check(z.int()),
  uuid: z.string(),
  filename: z.string(),
  filename_version: z.number().check(z.int(), z.minimum(1)),
  file_size: z.number().check(z.int(), z.minimum(0)),
  /** ISO 8601 */
  created_at: z.string(),
  package_url: z.string(),
  index_url: z.string(),
  preview_url: z.object({
    thumbnail: z.string(),
    /** The thumbnail is the creative rendered (else a stand-in, until the render is done). */
    rendered: z.boolean(),
  }),
  /** The declared ad size (width x height), when the package has one. */
  ad_size: z.nullable(z.string()),
  uploaded_by: z.nullable(z.string()),
  sha256: z.string(),
})
export type Package = z.infer<typeof packageSchema>

export const packageListSchema = z.object({ packages: z.array(packageSchema) })
export type PackageList = z.infer<typeof packageListSchema>

/**
 * One page of the list (shared/package-query.ts): `total` counts every package the search and
 * filters match, `nextCursor` asks for the next page (null on the last one).
 */
export const packagePageSchema = z.object({
  packages: z.array(packageSchema),
  total: z.number().check(z.int(), z.minimum(0)),
  nextCursor: z.nullable(z.string()),
})
export type PackagePage = z.infer<typeof packagePageSchema>

/** GET /api/packages: the spec's whole list without a query, one page with one. */
export const packageListAnswerSchema = z.union([packageListSchema, packagePageSchema])

/** How many packages declare each ad size (null: none declared), most common first. */
export const adSizeCountsSchema = z.array(
  z.object({ adSize: z.nullable(z.string()), count: z.number().check(z.int(), z.minimum(0)) }),
)
export type AdSizeCounts = z.infer<typeof adSizeCountsSchema>

/** What creating a package answers (the product spec: "The create response carries a 'package' object"). */
export const packageAnswerSchema = z.object({ package: packageSchema })

/**
 * What deleting a package answers (the product spec leaves it unspecified): until `undoUntil` (ISO 8601) the
 * package can be restored (packages.restore), then it is removed for good.
 */
export const deletedAnswerSchema = z.object({ uuid: z.string(), undoUntil: z.string() })

export const uploadUrlQuerySchema = z.object({
  // Stored in NFC without invisible characters (shared/filename.ts): a name of nothing else is empty.
  filename: z.pipe(
    z.pipe(
      z.string().check(
        z.minLength(1, 'filename is required'),
        z.maxLength(255, 'filename is longer than 255 characters'),
        z.refine(
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
          (name) => !/[/\\\u0000-\u001f]/.test(name),
          'filename must not contain slashes or control characters',
        ),
      ),
      z.transform(cleanFilename),
    ),
    z.string().check(z.minLength(1, 'filename is required')),
  ),
  contentType: z.literal(UPLOAD_CONTENT_TYPE, { error: `contentType must be ${UPLOAD_CONTENT_TYPE}` }),
  policy: z._default(uploadPolicySchema, 'none'),
})
export type UploadUrlQuery = z.input<typeof uploadUrlQuerySchema>

export const uploadUrlAnswerSchema = z.object({
  signedRequest: z.string(),
  uuid: z.string(),
  url: z.string(),
})
export type UploadUrlAnswer = z.infer<typeof uploadUrlAnswerSchema>

const uuidField = z.string().check(z.minLength(1, 'uuid is required'), z.maxLength(100, 'uuid is too long'))

/** A package or an upload by its uuid (get, create, delete). */
export const uuidInputSchema = z.object({ uuid: uuidField })

/**
 * Validation's body (the app sends `{ requireMraid: true }`; the deployment's policy may require it
 * anyway).
 */
export const validateBodySchema = z.object({ requireMraid: z._default(z.boolean(), true) })

/** Validation's input: the body and the upload's uuid (REST takes it from the path). */
export const validateInputSchema = z.extend(validateBodySchema, { uuid: uuidField })

export const validationAnswerSchema = z.object({
  message: z.string(),
  details: z.array(z.string()),
})
export type ValidationAnswer = z.infer<typeof validationAnswerSchema>

/** Every error the API answers (one shape, so every caller reads them alike). */
export const apiErrorSchema = z.object({
  message: z.string(),
  details: z.optional(z.array(z.string())),
  filenameExists: z.optional(z.boolean()),
  /** The access policy refused this caller (403): the browser shows its no-access page. */
  accessDenied: z.optional(z.boolean()),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** What the server tells the client at start: product name and where to sign in. */
export const clientConfigSchema = z.object({
  productName: z.string(),
  maxPackageBytes: z.number().check(z.int(), z.positive()),
  /** DEFAULT_TARGETS: the delivery targets the badge and the browser's inspection judge against. */
  defaultTargets: z.array(z.string()),
  auth: z.object({
    issuer: z.string(),
    clientId: z.string(),
    audience: z.string(),
    redirectUrl: z.string(),
    logoutUrl: z.string(),
    flow: z.enum(['implicit', 'code']),
    leewaySeconds: z.number().check(z.int(), z.minimum(0), z.maximum(300)),
    organization: z.optional(z.string()),
    authorizationEndpoint: z.string(),
    tokenEndpoint: z.optional(z.string()),
    endSessionEndpoint: z.optional(z.string()),
    jwksUri: z.string(),
  }),
})
export type ClientConfig = z.infer<typeof clientConfigSchema>

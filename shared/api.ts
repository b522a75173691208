// Wire shapes of the API (spec 3 and 7), shared by the server (which validates its input with
// them) and the client (which reads its answers through them). Field names are snake_case
// where the spec names them so.
import { z } from 'zod'
import { UPLOAD_CONTENT_TYPE, UPLOAD_POLICIES } from './constants.ts'

export const uploadPolicySchema = z.enum(UPLOAD_POLICIES)

export const packageSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  filename: z.string(),
  filename_version: z.number().int().min(1),
  file_size: z.number().int().nonnegative(),
  /** ISO 8601 */
  created_at: z.string(),
  package_url: z.string(),
  index_url: z.string(),
  preview_url: z.object({ thumbnail: z.string() }),
  /** The inspector's short verdict, kept with the record (width x height when declared). */
  ad_size: z.string().nullable(),
  uploaded_by: z.string().nullable(),
  sha256: z.string(),
})
export type Package = z.infer<typeof packageSchema>

export const packageListSchema = z.object({ packages: z.array(packageSchema) })
export type PackageList = z.infer<typeof packageListSchema>

export const packageCreatedSchema = z.object({ package: packageSchema })

export const uploadUrlQuerySchema = z.object({
  filename: z
    .string()
    .min(1, 'filename is required')
    .max(255, 'filename is longer than 255 characters')
    .refine(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
      (name) => !/[/\\\u0000-\u001f]/.test(name),
      'filename must not contain slashes or control characters',
    ),
  contentType: z.literal(UPLOAD_CONTENT_TYPE, { error: `contentType must be ${UPLOAD_CONTENT_TYPE}` }),
  policy: uploadPolicySchema.default('none'),
})
export type UploadUrlQuery = z.input<typeof uploadUrlQuerySchema>

export const uploadUrlAnswerSchema = z.object({
  signedRequest: z.string(),
  uuid: z.string(),
  url: z.string(),
})
export type UploadUrlAnswer = z.infer<typeof uploadUrlAnswerSchema>

export const validateBodySchema = z.object({ requireMraid: z.boolean().default(true) })

export const validationAnswerSchema = z.object({
  message: z.string(),
  details: z.array(z.string()),
})
export type ValidationAnswer = z.infer<typeof validationAnswerSchema>

/** Every error the API answers (spec 3 "Error responses"). */
export const apiErrorSchema = z.object({
  message: z.string(),
  details: z.array(z.string()).optional(),
  filenameExists: z.boolean().optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** What the server tells the client at start: product name and where to sign in. */
export const clientConfigSchema = z.object({
  productName: z.string(),
  maxPackageBytes: z.number().int().positive(),
  auth: z.object({
    issuer: z.string(),
    clientId: z.string(),
    audience: z.string(),
    redirectUrl: z.string(),
    logoutUrl: z.string(),
    flow: z.enum(['implicit', 'code']),
    leewaySeconds: z.number().int().min(0).max(300),
    organization: z.string().optional(),
    authorizationEndpoint: z.string(),
    tokenEndpoint: z.string().optional(),
    endSessionEndpoint: z.string().optional(),
    jwksUri: z.string(),
  }),
})
export type ClientConfig = z.infer<typeof clientConfigSchema>

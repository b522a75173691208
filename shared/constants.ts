// Business constants and binding texts of the product spec (../shared/spec: its calls, states and texts).
// Every quoted string here is binding, spelling included.

export const BASE_PATH = '/ads-preview'

/** What the product calls itself (in the title, messages, the MRAID host's MRAID_ENV.sdk). */
export const PRODUCT = 'Ads Preview'

/**
 * '{product} Ads Preview' (the product spec's page title), or 'Ads Preview' when no product name is
 * configured.
 */
export function productTitle(productName: string): string {
  return productName ? `${productName} ${PRODUCT}` : PRODUCT
}

/**
 * The scopes the app signs in with (the id token, the name and the email), which the embedded
 * provider grants.
 */
export const LOGIN_SCOPE = 'openid profile email'
export const UPLOAD_CONTENT_TYPE = 'application/zip'

/** Upload policies on the wire (what to do when the name is taken). */
export const UPLOAD_POLICIES = ['none', 'keep', 'overwrite'] as const
export type UploadPolicy = (typeof UPLOAD_POLICIES)[number]

/** Upload modes in the UI (the product spec's upload choices) and the policy each one sends. */
export const UPLOAD_MODES = {
  default: 'none',
  replace: 'overwrite',
  keepBoth: 'keep',
} as const satisfies Record<string, UploadPolicy>
export type UploadMode = keyof typeof UPLOAD_MODES

export const DEFAULT_MAX_PACKAGE_BYTES = 100 * 1024 * 1024
/** Calls per tRPC batch: the server refuses more (a batch of 1,000 lists answered 18 MB), the client sends fewer. */
export const TRPC_MAX_BATCH_SIZE = 10
export const PREVIEW_QR_SIZE = 256
export const THUMBNAIL_SIZE = { width: 60, height: 78 } as const
export const DATE_FORMAT = 'DD.MM.YYYY HH:mm'

/** Auth timings (the product spec's business constants). */
export const AUTH_LEEWAY_DEFAULT_SECONDS = 60
export const AUTH_LEEWAY_MAX_SECONDS = 300
export const SILENT_AUTH_TIMEOUT_MS = 5_000
export const TRANSACTION_EXPIRY_MS = 30 * 60 * 1000
export const RANDOM_STATE_LENGTH = 32

/** Upload status texts, in the order the spec lists them (users see each in turn). */
export const UPLOAD_STATUS = {
  preparing: 'Preparing upload...',
  prepared: 'Preparing upload done.',
  uploading: 'Uploading file...',
  uploaded: 'Upload complete.',
  validating: 'Validating package...',
} as const

/**
 * Upload failure texts (worded as the product spec words them); 'Validationg failed' is spelled so
 * on purpose.
 */
export const UPLOAD_FAILURE = {
  prepare: 'Preparing upload failed.',
  upload: 'Uploading failed',
  validate: 'Validationg failed',
  create: 'Failed to upload package',
} as const

/** Server error messages the client shows as they are. */
export const MESSAGES = {
  filenameExists: 'Filename already exists',
  unauthorized: 'Missing or invalid access token',
  packageNotFound: 'Package not found',
  nothingToRestore: 'This package cannot be restored any more: it has been removed for good.',
  nothingToUndo: 'This Replace cannot be undone any more: the replaced version has been removed for good.',
  replacedPackageGone: 'The package has been deleted since: restore it before undoing its Replace.',
  uploadNotFound: 'Upload not found or expired',
  uploadNotReceived: 'The package file has not been uploaded yet',
  uploadNotValidated: 'The package has not passed validation yet',
  validationFailed: 'The package is not a valid MRAID creative',
  databaseFull: 'The server is out of database space: nothing was saved.',
  databaseUnreachable: 'The database cannot be reached: try again in a moment.',
  tooManyPendingUploads: 'Too many unfinished uploads: finish or wait for one before starting another.',
  uploadChanged: 'The stored package is not the one that was validated: upload it again.',
} as const

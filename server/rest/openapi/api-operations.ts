// The REST calls of spec section 7 (and the signed PUT they hand out), as operations.
import {
  deletedAnswerSchema,
  packageAnswerSchema,
  packageListAnswerSchema,
  uploadUrlAnswerSchema,
  uploadUrlQuerySchema,
  validateBodySchema,
  validationAnswerSchema,
} from '../../../shared/api.ts'
import { packageListQuerySchema } from '../../../shared/package-query.ts'
import { SERVER_MOUNTS as MOUNT, REST } from '../../../shared/paths.ts'
import {
  inspectTargetsAnswerSchema,
  packageTargetsAnswerSchema,
  targetsQuerySchema,
} from '../../../shared/targets/wire.ts'
import { auditPageSchema, auditQuerySchema } from '../../../shared/team.ts'
import { errorAnswer as error, type Operation, openApiPath } from './operation.ts'

const UUID = { uuid: 'The upload uuid from the upload URL answer (it becomes the package uuid).' }
const bearerErrors = {
  401: error('Missing or invalid access token, or an API token that is unknown, revoked or expired.'),
  403: error(
    'The access policy refuses this caller (organisation, email domain, required claim, or a removed member; the body carries accessDenied: true), or an API token of scope read calls what needs write.',
  ),
  503: error("The identity provider's userinfo did not answer (only when a rule needs it)."),
  413: error('The request body is larger than 64 KB.'),
}

export const API_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: openApiPath(MOUNT.api + REST.packages),
    operationId: 'listPackages',
    summary: 'List packages: all of them, or one page searched, sorted and filtered',
    description:
      'Without a query parameter: every package, newest first, as `{ packages }` (one answer however many there are). With any of them: one page as `{ packages, total, nextCursor }`; pass `nextCursor` as `cursor` (with the same search, sort and filters) for the next page, until it is null.',
    auth: 'bearer',
    tags: ['packages'],
    query: packageListQuerySchema,
    answers: {
      200: {
        description: 'Every package (no query), or one page of them.',
        schema: packageListAnswerSchema,
      },
      400: error('A query parameter is invalid, or the cursor belongs to another sort.'),
      ...bearerErrors,
    },
  },
  {
    method: 'post',
    path: openApiPath(MOUNT.api + REST.package),
    operationId: 'createPackage',
    summary: 'Create the package record of a validated upload',
    description: 'No body. Creating the same upload twice answers 200 with the same package.',
    auth: 'bearer',
    tags: ['packages'],
    params: UUID,
    answers: {
      201: { description: 'Created.', schema: packageAnswerSchema },
      200: { description: 'Already created from this upload.', schema: packageAnswerSchema },
      404: error('No such upload, or it expired.'),
      409: error('The upload has not passed validation yet.'),
      ...bearerErrors,
    },
  },
  {
    method: 'delete',
    path: openApiPath(MOUNT.api + REST.package),
    operationId: 'deletePackage',
    summary: 'Delete a package and its files',
    description:
      'The package is no longer listed, previewed or downloaded from now on; until `undoUntil` it can be restored, then its record and files are removed for good.',
    auth: 'bearer',
    tags: ['packages'],
    params: { uuid: 'The package uuid.' },
    answers: {
      200: { description: 'Deleted.', schema: deletedAnswerSchema },
      404: error('No such package.'),
      ...bearerErrors,
    },
  },
  {
    method: 'post',
    path: openApiPath(MOUNT.api + REST.restorePackage),
    operationId: 'restorePackage',
    summary: 'Undo a delete',
    description:
      "Until the delete answer's `undoUntil`: the package comes back as it was (same id, uuid, version, links).",
    auth: 'bearer',
    tags: ['packages'],
    params: { uuid: 'The deleted package uuid.' },
    answers: {
      200: { description: 'Restored.', schema: packageAnswerSchema },
      404: error('Nothing to restore: no such delete, or it has been removed for good.'),
      409: error('Its name and version have been uploaded again since.'),
      ...bearerErrors,
    },
  },
  {
    method: 'post',
    path: openApiPath(MOUNT.api + REST.undoReplace),
    operationId: 'undoReplace',
    summary: 'Undo a Replace (administrators)',
    description:
      "Until the Replace's `undoUntil` (REPLACE_UNDO_DAYS, in its audit entry): the replaced version takes the package's place again (same id, name and version; its own uuid, links and bytes), and the version that replaced it is kept in turn for as long, so the undo can be undone.",
    auth: 'bearer',
    tags: ['packages'],
    params: { uuid: 'The uuid of the replaced version (replacedUuid in the Replace audit entry).' },
    answers: {
      200: { description: 'The replaced version is back.', schema: packageAnswerSchema },
      404: error('Nothing to undo: no such replaced version, or it has been removed for good.'),
      409: error('The package has been deleted since.'),
      ...bearerErrors,
      403: error('Only an administrator may undo a Replace, or the access policy refuses the caller.'),
    },
  },
  {
    method: 'get',
    path: openApiPath(MOUNT.api + REST.packageTargets),
    operationId: 'getPackageTargets',
    summary: "A package's verdict per delivery target: the matrix and the badge",
    description:
      'Cells: one per rule of each chosen target, fails first, each with the measured figure, the limit and its source. Runtime cells come from the runtime audit, which runs after create: poll until matrix.audit.state is done, failed or none (pending cells are still being measured).',
    auth: 'bearer',
    tags: ['targets'],
    params: { uuid: 'The package uuid.' },
    query: targetsQuerySchema,
    answers: {
      200: { description: 'The matrix and the badge.', schema: packageTargetsAnswerSchema },
      400: error('A target id is unknown (the message lists the known ones).'),
      404: error('No such package.'),
      ...bearerErrors,
    },
  },
  {
    method: 'post',
    path: openApiPath(MOUNT.api + REST.inspectTargets),
    operationId: 'inspectTargets',
    summary: 'Inspect a zip against delivery targets without storing it',
    description:
      'The same inspector as validatePackageUpload and the matrix for the chosen targets. Nothing runs the creative, so runtime rules are judged on static estimates or stay pending; nothing is stored.',
    auth: 'bearer',
    tags: ['targets'],
    query: targetsQuerySchema,
    body: { type: 'application/zip', description: 'The package, at most the upload size cap.' },
    answers: {
      200: { description: 'The inspection, the matrix and the badge.', schema: inspectTargetsAnswerSchema },
      400: error('A target id is unknown (the message lists the known ones).'),
      415: error('The body is not sent as application/zip.'),
      ...bearerErrors,
      413: error('The package is larger than the upload size cap.'),
    },
  },
  {
    method: 'get',
    path: openApiPath(MOUNT.api + REST.uploadUrl),
    operationId: 'getPackageUploadUrl',
    summary: 'Start an upload: a signed URL to PUT the zip to',
    description:
      'policy: none refuses a taken filename (409 with filenameExists), keep adds a version, overwrite replaces the newest package of that name.',
    auth: 'bearer',
    tags: ['upload'],
    query: uploadUrlQuerySchema,
    answers: {
      200: { description: 'Where to PUT the file.', schema: uploadUrlAnswerSchema },
      400: error('A query parameter is missing or invalid.'),
      409: error('The filename exists (filenameExists: true) and the policy is none.'),
      ...bearerErrors,
    },
  },
  {
    method: 'put',
    path: MOUNT.upload,
    operationId: 'putPackageFile',
    summary: 'Upload the zip to the signed URL (no bearer header)',
    description:
      'Use signedRequest from the upload URL answer as it is: its query (key, exp, ct, max, sig) is signed and must not be changed.',
    auth: 'none',
    tags: ['upload'],
    body: { type: 'application/zip', description: 'The package, at most the configured size.' },
    answers: {
      200: { description: 'Stored.' },
      400: error('The upload was interrupted.'),
      403: error('The signature is not valid or the URL expired.'),
      409: error('This upload has already been received.'),
      413: error('The package is larger than the size cap.'),
      415: error('The body is not sent as application/zip.'),
      507: error('The server is out of disk space.'),
    },
  },
  {
    method: 'post',
    path: openApiPath(MOUNT.api + REST.validateUpload),
    operationId: 'validatePackageUpload',
    summary: 'Inspect the uploaded zip (MRAID required)',
    auth: 'bearer',
    tags: ['upload'],
    params: UUID,
    body: { schema: validateBodySchema },
    answers: {
      200: { description: 'Valid; details are warnings.', schema: validationAnswerSchema },
      400: error('The body is not valid JSON or not of this shape.'),
      404: error('No such upload, or it expired.'),
      409: error('The file has not been uploaded yet, or the upload is already a package.'),
      422: error('Not valid: details say what to fix.'),
      ...bearerErrors,
    },
  },
  {
    method: 'get',
    path: openApiPath(MOUNT.api + REST.audit),
    operationId: 'listAuditEvents',
    summary: 'The audit trail, newest first, a page at a time',
    description:
      "Who uploaded, replaced, deleted, invited, removed and changed access, when and from which address. With packageUuid: that package's history (any member; kept after the package is gone); without it: the whole log (admins only). Pass next as cursor for the next page.",
    auth: 'bearer',
    tags: ['audit'],
    query: auditQuerySchema,
    answers: {
      200: { description: 'A page of entries.', schema: auditPageSchema },
      400: error('A query parameter is invalid.'),
      404: error('No package with this uuid and no history of one.'),
      ...bearerErrors,
    },
  },
]

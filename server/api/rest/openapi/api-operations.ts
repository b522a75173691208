// The REST calls, as operations; the upload's three steps are in
// upload-operations.ts.
import { deletedAnswerSchema, packageAnswerSchema, packageListAnswerSchema } from '../../../../shared/api.ts'
import { packageListQuerySchema } from '../../../../shared/package-query.ts'
import { SERVER_MOUNTS as MOUNT, REST } from '../../../../shared/paths.ts'
import {
  inspectTargetsAnswerSchema,
  packageTargetsAnswerSchema,
  targetsQuerySchema,
} from '../../../../shared/targets/wire.ts'
import { auditPageSchema, auditQuerySchema } from '../../../../shared/team.ts'
import { bearerErrors, errorAnswer as error, type Operation, openApiPath, UUID_PARAM } from './operation.ts'
import { UPLOAD_OPERATIONS } from './upload-operations.ts'

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
    params: UUID_PARAM,
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
  ...UPLOAD_OPERATIONS,
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

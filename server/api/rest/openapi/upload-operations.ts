// The upload's steps as operations: the signed URL, the PUT to it, and the validation.
import {
  uploadUrlAnswerSchema,
  uploadUrlQuerySchema,
  validateBodySchema,
  validationAnswerSchema,
} from '../../../../shared/api.ts'
import { SERVER_MOUNTS as MOUNT, REST } from '../../../../shared/paths.ts'
import { bearerErrors, errorAnswer as error, type Operation, openApiPath, UUID_PARAM } from './operation.ts'

export const UPLOAD_OPERATIONS: Operation[] = [
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
    params: UUID_PARAM,
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
]

// Capability URLs (downloads, thumbnails, previews) and the service's own public documents.
import { clientConfigSchema } from '../../../../shared/api.ts'
import { SERVER_MOUNTS as MOUNT } from '../../../../shared/paths.ts'
import { healthAnswerSchema, readinessAnswerSchema } from '../../../platform/health/answers.ts'
import { errorAnswer as error, type Operation } from './operation.ts'

export const PUBLIC_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: `${MOUNT.download}/{uuid}/{filename}`,
    operationId: 'downloadPackage',
    summary: "A package's zip (package_url; a capability URL, no bearer header)",
    auth: 'none',
    tags: ['files'],
    params: { uuid: 'The package uuid.', filename: 'The package filename.' },
    answers: { 200: { description: 'The zip.', type: 'application/zip' }, 404: error('No such package.') },
  },
  {
    method: 'get',
    path: `${MOUNT.thumbnail}/{uuid}`,
    operationId: 'getThumbnail',
    summary: "A package's thumbnail (preview_url.thumbnail; a capability URL)",
    auth: 'none',
    tags: ['files'],
    params: { uuid: 'The package uuid.' },
    answers: {
      200: { description: "A PNG, the package's largest image, or an SVG tile.", type: 'image/*' },
      404: error('No such package.'),
    },
  },
  {
    method: 'get',
    path: `${MOUNT.preview}/{uuid}`,
    operationId: 'openPreview',
    summary: 'Redirects to the preview folder (index_url without its file)',
    auth: 'none',
    tags: ['preview'],
    params: { uuid: 'The package uuid.' },
    answers: { 301: { description: 'To /preview/{uuid}/.' } },
  },
  {
    method: 'get',
    path: `${MOUNT.preview}/{uuid}/{path}`,
    operationId: 'getPreviewFile',
    summary: "A file of the package, served sandboxed (index_url is the entry's)",
    description: "path is the file's path inside the package and may contain slashes.",
    auth: 'none',
    tags: ['preview'],
    params: { uuid: 'The package uuid.', path: 'The file inside the package.' },
    answers: {
      200: { description: 'The file, with its content type.', type: '*/*' },
      404: error('No such package or file.'),
      422: error('The package cannot be read.'),
    },
  },
  {
    method: 'get',
    path: MOUNT.health,
    operationId: 'getHealth',
    summary: 'Liveness: the process answers; its version and runtime',
    auth: 'none',
    tags: ['service'],
    answers: { 200: { description: 'Up.', schema: healthAnswerSchema } },
  },
  {
    method: 'get',
    path: MOUNT.ready,
    operationId: 'getReadiness',
    summary: 'Readiness: the database answers and the storage takes a write (checked at most once a second)',
    auth: 'none',
    tags: ['service'],
    answers: {
      200: { description: 'Ready.', schema: readinessAnswerSchema },
      503: { description: "Not ready: each failing check's reason.", schema: readinessAnswerSchema },
    },
  },
  {
    method: 'get',
    path: MOUNT.clientConfig,
    operationId: 'getClientConfig',
    summary: 'What the web app needs at start: product name and where to sign in',
    auth: 'none',
    tags: ['service'],
    answers: { 200: { description: 'The configuration.', schema: clientConfigSchema } },
  },
  {
    method: 'get',
    path: MOUNT.openApi,
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    auth: 'none',
    tags: ['service'],
    answers: { 200: { description: 'OpenAPI 3.1.', type: 'application/json' } },
  },
]

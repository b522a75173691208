// `npm run openapi`: writes the OpenAPI document to docs/openapi.json (server URL: the base path,
// so the file fits any deployment). The server serves the same document at /ads-preview/openapi.json.
import fs from 'node:fs'
import { buildOpenApiDocument, COMMITTED_OPENAPI_FILE } from '../server/api/rest/openapi/document.ts'
import { BASE_PATH } from '../shared/constants.ts'

process.chdir(new URL('..', import.meta.url).pathname)
fs.writeFileSync(COMMITTED_OPENAPI_FILE, `${JSON.stringify(buildOpenApiDocument(BASE_PATH), null, 2)}\n`)
console.log(`Wrote ${COMMITTED_OPENAPI_FILE}`)

// The OpenAPI document: the committed copy is current, it is valid OpenAPI 3.1, the server
// serves it, every live route is in it and every operation in it is live, and a whole REST
// session answers only statuses and bodies the document describes.
import fs from 'node:fs'
import path from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import Ajv2020 from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_PATH } from '../../../../shared/constants.ts'
import { packageWithoutMraid, validPackage } from '../../../../tests/fixtures/packages.ts'
import { createTestApp, PUBLIC_URL, type TestApp } from '../../../../tests/helpers/test-app.ts'
import { PROJECT_ROOT } from '../../../platform/project-root.ts'
import { buildOpenApiDocument, COMMITTED_OPENAPI_FILE, OPERATIONS } from './document.ts'

const document = JSON.parse(JSON.stringify(buildOpenApiDocument(BASE_PATH)))

/** Routes that are not the HTTP API: the web app, tRPC (typed by its router) and the provider. */
const NOT_API = [
  `${BASE_PATH}/trpc/*`,
  `${BASE_PATH}/oidc/*`,
  `${BASE_PATH}/*`,
  `${BASE_PATH}/api/*`,
  '/',
  BASE_PATH,
]

it('the committed docs/openapi.json is the document the schemas make (else: npm run openapi)', () => {
  const committed = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, COMMITTED_OPENAPI_FILE), 'utf8'))
  expect(committed).toEqual(document)
})

describe('validity', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy()
    expect(document.openapi).toBe('3.1.0')
  })

  it('the validator refuses a broken one', async () => {
    const broken = structuredClone(document)
    delete broken.paths['/api/packages/{uuid}'].delete.responses['404'].description
    await expect(SwaggerParser.validate(broken)).rejects.toThrow(/description/)
  })

  it('declares every path placeholder as a path parameter (the validator does not look)', () => {
    for (const [template, item] of Object.entries(
      document.paths as Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>,
    )) {
      const placeholders = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort()
      for (const operation of Object.values(item)) {
        const declared = (operation.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort()
        expect(declared, template).toEqual(placeholders)
      }
    }
  })
})

describe('against the live server', () => {
  let t: TestApp
  const seen = new Set<string>()
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ajv.addSchema({ $id: 'openapi', components: document.components })

  function operationOf(method: string, pathname: string) {
    const below = pathname.slice(BASE_PATH.length)
    return OPERATIONS.find(
      (op) =>
        op.method === method.toLowerCase() &&
        new RegExp(`^${op.path.replace('{path}', '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(below),
    )
  }

  /** A request whose answer must be one the document describes, status, type and body. */
  async function documented(url: string, init: RequestInit = {}) {
    const method = init.method ?? 'GET'
    const operation = operationOf(method, new URL(url, PUBLIC_URL).pathname)
    expect(operation, `${method} ${url} is documented`).toBeDefined()
    const response = await t.app.request(url, init)
    const answer = document.paths[operation!.path][operation!.method].responses[String(response.status)]
    expect(answer, `${operation!.operationId} documents status ${response.status}`).toBeDefined()
    const schema = answer.content?.['application/json']?.schema
    if (schema) {
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      const body = await response.clone().json()
      const valid = ajv.validate({ $ref: `openapi${schema.$ref}` }, body)
      expect(valid, `${operation!.operationId} ${response.status}: ${ajv.errorsText()}`).toBe(true)
    }
    seen.add(`${operation!.operationId} ${response.status}`)
    return response
  }

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.cleanup())

  it('serves the document at /ads-preview/openapi.json with its public URL, no token needed', async () => {
    const response = await documented(`${BASE_PATH}/openapi.json`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(
      JSON.parse(JSON.stringify(buildOpenApiDocument(`${PUBLIC_URL}${BASE_PATH}`))),
    )
  })

  it('documents every live route, and every documented operation is live', () => {
    // Middleware is registered as ALL; every handler of the API has its method.
    const live = t.app.routes
      .filter((route) => route.method !== 'ALL' && !NOT_API.includes(route.path))
      .map((route) => `${route.method} ${route.path.replace(/:([^/]+)/g, '{$1}').replace(/\*$/, '{path}')}`)
    const documentedRoutes = OPERATIONS.map((op) => `${op.method.toUpperCase()} ${BASE_PATH}${op.path}`)
    expect([...new Set(live)].sort()).toEqual(documentedRoutes.sort())
  })

  it('a whole REST session answers only what the document describes', async () => {
    const auth = { headers: t.auth }
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { ...t.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const urlOf = (filename: string, policy = 'none') =>
      `${BASE_PATH}/api/upload/get-package-upload-url?${new URLSearchParams({ filename, contentType: 'application/zip', policy })}`
    const put = (signedRequest: string, zip: Uint8Array, contentType = 'application/zip') =>
      documented(t.pathOf(signedRequest), {
        method: 'PUT',
        body: zip as Uint8Array<ArrayBuffer>,
        headers: { 'Content-Type': contentType },
      })

    expect((await documented(`${BASE_PATH}/api/packages`)).status).toBe(401)
    expect((await documented(`${BASE_PATH}/api/packages`, auth)).status).toBe(200)
    expect(
      (await documented(`${BASE_PATH}/api/upload/get-package-upload-url?filename=a.zip`, auth)).status,
    ).toBe(400)

    const answer = await (await documented(urlOf('ad.zip'), auth)).json()
    expect(
      (await documented(`${BASE_PATH}/api/upload/validate-package-upload/${answer.uuid}`, json({}))).status,
    ).toBe(409)
    expect((await put(answer.signedRequest, validPackage(), 'text/plain')).status).toBe(415)
    expect((await put(`${answer.signedRequest}x`, validPackage())).status).toBe(403)
    expect((await put(answer.signedRequest, validPackage())).status).toBe(200)
    expect(
      (await documented(`${BASE_PATH}/api/packages/${answer.uuid}`, { method: 'POST', ...auth })).status,
    ).toBe(409)
    expect(
      (
        await documented(
          `${BASE_PATH}/api/upload/validate-package-upload/${answer.uuid}`,
          json({ requireMraid: true }),
        )
      ).status,
    ).toBe(200)
    const created = await documented(`${BASE_PATH}/api/packages/${answer.uuid}`, { method: 'POST', ...auth })
    expect(created.status).toBe(201)
    expect(
      (await documented(`${BASE_PATH}/api/packages/${answer.uuid}`, { method: 'POST', ...auth })).status,
    ).toBe(200)
    const { package: pkg } = await created.json()
    expect(
      (await documented(`${BASE_PATH}/api/packages/${pkg.uuid}/targets?targets=applovin`, auth)).status,
    ).toBe(200)
    expect(
      (await documented(`${BASE_PATH}/api/packages/${pkg.uuid}/targets?targets=nope`, auth)).status,
    ).toBe(400)
    const inspect = (contentType: string) => ({
      method: 'POST',
      headers: { ...t.auth, 'Content-Type': contentType },
      body: validPackage() as Uint8Array<ArrayBuffer>,
    })
    expect((await documented(`${BASE_PATH}/api/targets/inspect`, inspect('application/zip'))).status).toBe(
      200,
    )
    expect((await documented(`${BASE_PATH}/api/targets/inspect`, inspect('text/plain'))).status).toBe(415)
    expect((await documented(urlOf('ad.zip'), auth)).status).toBe(409)

    const invalid = await (await documented(urlOf('bad.zip'), auth)).json()
    await put(invalid.signedRequest, packageWithoutMraid())
    expect(
      (await documented(`${BASE_PATH}/api/upload/validate-package-upload/${invalid.uuid}`, json({}))).status,
    ).toBe(422)
    expect((await documented(`${BASE_PATH}/api/upload/validate-package-upload/nope`, json({}))).status).toBe(
      404,
    )

    expect((await documented(t.pathOf(pkg.package_url))).status).toBe(200)
    expect((await documented(t.pathOf(pkg.preview_url.thumbnail))).status).toBe(200)
    expect((await documented(t.pathOf(pkg.index_url))).status).toBe(200)
    expect((await documented(`${BASE_PATH}/preview/${pkg.uuid}/ad.js`)).status).toBe(200)
    expect((await documented(`${BASE_PATH}/preview/${pkg.uuid}`)).status).toBe(301)
    expect((await documented(`${BASE_PATH}/health`)).status).toBe(200)
    expect((await documented(`${BASE_PATH}/client-config.json`)).status).toBe(200)

    expect(
      (await documented(`${BASE_PATH}/api/packages/${pkg.uuid}`, { method: 'DELETE', ...auth })).status,
    ).toBe(200)
    expect(
      (await documented(`${BASE_PATH}/api/packages/${pkg.uuid}`, { method: 'DELETE', ...auth })).status,
    ).toBe(404)
    expect((await documented(t.pathOf(pkg.package_url))).status).toBe(404)
    expect((await documented(`${BASE_PATH}/api/packages/${pkg.uuid}/targets`, auth)).status).toBe(404)
    expect(seen.size).toBeGreaterThan(20)
  })
})

// The REST paths of spec section 7, exactly: each decodes the request, calls the same action as
// the tRPC router, and answers its result; errors go through app.onError (http/error-answer.ts).
import { type Context, Hono } from 'hono'
import type { z } from 'zod/mini'
import type { Action, Services } from '../actions/define-action.ts'
import type { AuthVariables } from '../auth/bearer.ts'
import { readJsonBody } from '../http/json-body.ts'
import { createPackage } from '../packages/create-package.ts'
import { deletePackage } from '../packages/delete-package.ts'
import { listPackages } from '../packages/list-packages.ts'
import { restorePackage } from '../packages/restore-package.ts'
import { getUploadUrl } from '../uploads/get-upload-url.ts'
import { validateUpload } from '../uploads/validate-upload.ts'

type Ctx = Context<{ Variables: AuthVariables }>

/** A JSON object body with the path's uuid in it; anything else is handed on for the action to refuse. */
const withUuid = (body: unknown, uuid: string) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, uuid } : body

export function createApiRoutes(services: Services) {
  const call = <Out>(action: Action<z.ZodMiniType, Out>, c: Ctx, input: unknown) =>
    action({ ...services, user: c.var.user }, input)
  return (
    new Hono<{ Variables: AuthVariables }>()
      // No query: the spec's whole list; any of the list's parameters: one page (issue 18).
      .get('/packages', async (c) => c.json(await call(listPackages, c, c.req.query())))
      .post('/packages/:uuid', async (c) => {
        const result = await call(createPackage, c, { uuid: c.req.param('uuid') })
        return c.json({ package: result.package }, result.created ? 201 : 200)
      })
      .delete('/packages/:uuid', async (c) =>
        c.json(await call(deletePackage, c, { uuid: c.req.param('uuid') })),
      )
      .post('/packages/:uuid/restore', async (c) =>
        c.json(await call(restorePackage, c, { uuid: c.req.param('uuid') })),
      )
      .get('/upload/get-package-upload-url', async (c) => c.json(await call(getUploadUrl, c, c.req.query())))
      .post('/upload/validate-package-upload/:uuid', async (c) => {
        const body = await readJsonBody(c.req.raw)
        return c.json(await call(validateUpload, c, withUuid(body, c.req.param('uuid'))))
      })
  )
}

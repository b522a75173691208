// The REST paths of spec section 7, exactly. Same service, same shapes as the tRPC router.
import { Hono } from 'hono'
import { uploadUrlQuerySchema, validateBodySchema } from '../../shared/api.ts'
import type { AuthVariables } from '../auth/bearer.ts'
import { parseInput, readJsonBody } from '../http/parse.ts'
import type { PackageService } from '../packages/service.ts'

export function createApiRoutes(service: PackageService) {
  return new Hono<{ Variables: AuthVariables }>()
    .get('/packages', (c) => c.json(service.list()))
    .post('/packages/:uuid', (c) => {
      const result = service.create(c.var.user, c.req.param('uuid'))
      return c.json({ package: result.package }, result.created ? 201 : 200)
    })
    .delete('/packages/:uuid', async (c) => c.json(await service.delete(c.var.user, c.req.param('uuid'))))
    .get('/upload/get-package-upload-url', (c) => {
      const query = parseInput(uploadUrlQuerySchema, c.req.query())
      return c.json(service.getUploadUrl(c.var.user, query))
    })
    .post('/upload/validate-package-upload/:uuid', async (c) => {
      const body = parseInput(validateBodySchema, await readJsonBody(c.req.raw))
      return c.json(await service.validateUpload(c.var.user, c.req.param('uuid'), body))
    })
}

// The REST paths the product promises its callers, exactly, and the audit trail: each decodes the
// request, calls the same action as the tRPC router, and answers its result; errors go through
// app.onError (platform/http/error-answer.ts).
import { type Context, Hono } from 'hono'
import type { z } from 'zod/mini'
import { REST } from '../../../shared/paths.ts'
import type { Action, Services } from '../../actions/define-action.ts'
import { createPackage } from '../../creatives/packages/create-package.ts'
import { deletePackage } from '../../creatives/packages/delete-package.ts'
import { listPackages } from '../../creatives/packages/list-packages.ts'
import { restorePackage } from '../../creatives/packages/restore-package.ts'
import { undoReplace } from '../../creatives/packages/undo-replace.ts'
import { createReviewLink } from '../../creatives/reviews/create-review-link.ts'
import { listReviewFeedback } from '../../creatives/reviews/list-review-feedback.ts'
import { listReviewLinks } from '../../creatives/reviews/list-review-links.ts'
import { reviewStates } from '../../creatives/reviews/review-states.ts'
import { revokeReviewLink } from '../../creatives/reviews/revoke-review-link.ts'
import { getPackageTargets } from '../../creatives/targets/get-package-targets.ts'
import { inspectZip } from '../../creatives/targets/inspect-zip.ts'
import { getUploadUrl } from '../../creatives/uploads/get-upload-url.ts'
import { validateUpload } from '../../creatives/uploads/validate-upload.ts'
import type { AuthVariables } from '../../identity/access/bearer.ts'
import { requireScope } from '../../identity/access/scope.ts'
import { listEvents } from '../../identity/audit-trail/list-events.ts'
import { readJsonBody } from '../../platform/http/json-body.ts'

type Ctx = Context<{ Variables: AuthVariables }>

/** A JSON object body with the path's uuid in it; anything else is handed on for the action to refuse. */
const withUuid = (body: unknown, uuid: string) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, uuid } : body

export function createApiRoutes(services: Services) {
  const call = <Out>(action: Action<z.ZodMiniType, Out>, c: Ctx, input: unknown) => {
    requireScope(c.var.user, action)
    return action({ ...services, user: c.var.user }, input)
  }
  return (
    new Hono<{ Variables: AuthVariables }>()
      // No query: the whole list, as first promised; any of the list's parameters: one page.
      .get(REST.packages, async (c) => c.json(await call(listPackages, c, c.req.query())))
      .post(REST.package, async (c) => {
        const result = await call(createPackage, c, { uuid: c.req.param('uuid') })
        return c.json({ package: result.package }, result.created ? 201 : 200)
      })
      .get(REST.packageTargets, async (c) =>
        c.json(
          await call(getPackageTargets, c, { uuid: c.req.param('uuid'), targets: c.req.query('targets') }),
        ),
      )
      .post(REST.inspectTargets, async (c) => {
        // Not an action, so `call` does not check its scope: a write, as an upload is.
        requireScope(c.var.user, {})
        return c.json(
          await inspectZip(
            { ...services, user: c.var.user },
            {
              contentType: c.req.header('content-type'),
              contentLength: c.req.header('content-length'),
              body: c.req.raw.body,
              targets: c.req.query('targets'),
            },
          ),
        )
      })
      .delete(REST.package, async (c) => c.json(await call(deletePackage, c, { uuid: c.req.param('uuid') })))
      .post(REST.restorePackage, async (c) =>
        c.json(await call(restorePackage, c, { uuid: c.req.param('uuid') })),
      )
      .get(REST.uploadUrl, async (c) => c.json(await call(getUploadUrl, c, c.req.query())))
      .post(REST.validateUpload, async (c) => {
        const body = await readJsonBody(c.req.raw)
        return c.json(await call(validateUpload, c, withUuid(body, c.req.param('uuid'))))
      })
      .post(REST.undoReplace, async (c) => c.json(await call(undoReplace, c, { uuid: c.req.param('uuid') })))
      .get(REST.audit, async (c) => c.json(await call(listEvents, c, c.req.query())))
      .post(REST.reviewLinks, async (c) =>
        c.json(await call(createReviewLink, c, await readJsonBody(c.req.raw)), 201),
      )
      .get(REST.reviewLinks, async (c) => c.json(await call(listReviewLinks, c, c.req.query())))
      .get(REST.reviewStates, async (c) =>
        c.json(await call(reviewStates, c, { uuids: c.req.queries('uuid') ?? [] })),
      )
      .get(REST.reviewFeedback, async (c) => c.json(await call(listReviewFeedback, c, c.req.query())))
      .delete(REST.reviewLink, async (c) =>
        c.json(await call(revokeReviewLink, c, { id: c.req.param('id') })),
      )
  )
}

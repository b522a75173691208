// tRPC, initialised once. Procedures call actions, which throw AppError; the formatter answers
// the same body REST does ({ message, details?, filenameExists? } on `error.data.apiError`) and
// trpcStatus gives the response the same HTTP status (507 included), both through
// platform/http/error-answer.ts.
import { initTRPC, TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { MESSAGES } from '../../../shared/constants.ts'
import type { Services } from '../../actions/define-action.ts'
import type { AuthUser } from '../../identity/access/user.ts'
import { type ErrorAnswer, errorAnswer } from '../../platform/http/error-answer.ts'

export interface TrpcContext {
  services: Services
  user: AuthUser | null
}

export function createContextInner(context: TrpcContext): TrpcContext {
  return context
}

/** Our answer for an error of an action; tRPC's own for its own (an unknown procedure). */
export function trpcErrorAnswer(error: TRPCError): ErrorAnswer {
  if (error.code === 'INTERNAL_SERVER_ERROR') return errorAnswer(error.cause ?? error)
  return { status: getHTTPStatusCodeFromError(error), body: { message: error.message }, unexpected: false }
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const { status, body } = trpcErrorAnswer(error)
    return {
      ...shape,
      message: body.message,
      data: { ...shape.data, httpStatus: status, stack: undefined, apiError: body },
    }
  },
})

export const router = t.router

export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.unauthorized })
  return next({ ctx: { ...ctx, actionContext: { ...ctx.services, user: ctx.user } } })
})

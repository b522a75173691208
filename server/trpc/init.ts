// tRPC, initialised once. Procedures throw the service's AppError; a middleware turns it into a
// TRPCError with the matching code, and the formatter puts the same body the REST transport
// answers ({ message, details?, filenameExists? }) on `error.data.apiError`.
import { initTRPC, TRPCError } from '@trpc/server'
import { ZodError } from 'zod'
import type { ApiError } from '../../shared/api.ts'
import type { AuthUser } from '../auth/user.ts'
import { AppError, type ErrorCode } from '../errors.ts'
import type { PackageService } from '../packages/service.ts'

export interface TrpcContext {
  service: PackageService
  user: AuthUser | null
}

export function createContextInner(context: TrpcContext): TrpcContext {
  return context
}

const TRPC_CODES: Record<ErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNPROCESSABLE_CONTENT: 'UNPROCESSABLE_CONTENT',
  INSUFFICIENT_STORAGE: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
}

/** What the client reads of an error: the same body REST answers. */
function apiErrorOf(error: TRPCError): ApiError {
  if (error.cause instanceof AppError) return error.cause.body
  if (error.cause instanceof ZodError) {
    const issue = error.cause.issues[0]
    return { message: issue ? `${issue.path.join('.') || 'input'}: ${issue.message}` : 'Invalid input' }
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') return { message: 'Internal server error' }
  return { message: error.message }
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const apiError = apiErrorOf(error)
    return { ...shape, message: apiError.message, data: { ...shape.data, stack: undefined, apiError } }
  },
})

export const router = t.router

const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause
    throw new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause })
  }
  return result
})

export const publicProcedure = t.procedure.use(mapAppErrors)

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Missing or invalid access token' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})

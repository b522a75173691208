// The typed API the client uses: nouns for routers, verbs for procedures. Each calls the same
// service function as the REST route of spec 7 and answers the same shape.
import { z } from 'zod'
import { uploadUrlQuerySchema } from '../../shared/api.ts'
import { protectedProcedure, router } from './init.ts'

const uuidInput = z.object({ uuid: z.string().min(1) })

export const appRouter = router({
  packages: router({
    list: protectedProcedure.query(({ ctx }) => ctx.service.list()),
    get: protectedProcedure.input(uuidInput).query(({ ctx, input }) => ctx.service.get(input.uuid)),
    create: protectedProcedure.input(uuidInput).mutation(({ ctx, input }) => ({
      package: ctx.service.create(ctx.user, input.uuid).package,
    })),
    delete: protectedProcedure
      .input(uuidInput)
      .mutation(({ ctx, input }) => ctx.service.delete(ctx.user, input.uuid)),
  }),
  upload: router({
    getUrl: protectedProcedure
      .input(uploadUrlQuerySchema)
      .mutation(({ ctx, input }) => ctx.service.getUploadUrl(ctx.user, input)),
    validate: protectedProcedure
      .input(z.object({ uuid: z.string().min(1), requireMraid: z.boolean().default(true) }))
      .mutation(({ ctx, input }) =>
        ctx.service.validateUpload(ctx.user, input.uuid, { requireMraid: input.requireMraid }),
      ),
  }),
})

export type AppRouter = typeof appRouter

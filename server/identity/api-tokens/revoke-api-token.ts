// A person revokes one of their API tokens: the next call with it is refused (the bearer check
// reads the row on every request). Someone else's token is not found, as if it did not exist.
import { and, eq, isNull } from 'drizzle-orm'
import { apiTokenIdInputSchema } from '../../../shared/api-tokens.ts'
import { defineAction } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { requirePerson } from '../access/scope.ts'

export const revokeApiToken = defineAction(
  apiTokenIdInputSchema,
  async (ctx, input): Promise<{ id: string }> => {
    const owner = requirePerson(ctx)
    const { apiTokens } = ctx.db.tables
    const revoked = await ctx.db.write((tx) =>
      tx
        .update(apiTokens)
        .set({ revokedAt: ctx.now() })
        .where(
          and(eq(apiTokens.id, input.id), eq(apiTokens.ownerSub, owner.sub), isNull(apiTokens.revokedAt)),
        )
        .returning({ id: apiTokens.id }),
    )
    if (revoked.length === 0) throw new AppError('NOT_FOUND', 'No such API token.')
    return { id: input.id }
  },
)

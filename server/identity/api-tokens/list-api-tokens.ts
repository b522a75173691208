// A person's API tokens that still work or have expired (revoked ones are gone), newest first.
import { and, desc, eq, isNull } from 'drizzle-orm'
import { z } from 'zod/mini'
import type { ApiTokenList } from '../../../shared/api-tokens.ts'
import { defineAction } from '../../actions/define-action.ts'
import { requirePerson } from '../access/scope.ts'
import { tokenColumns, toTokenView } from './token-view.ts'

export const listApiTokens = defineAction(z.optional(z.object({})), async (ctx): Promise<ApiTokenList> => {
  const owner = requirePerson(ctx)
  const { apiTokens } = ctx.db.tables
  const rows = await ctx.db.orm
    .select(tokenColumns(apiTokens))
    .from(apiTokens)
    .where(and(eq(apiTokens.ownerSub, owner.sub), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
  return { tokens: rows.map(toTokenView) }
})

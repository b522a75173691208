// Single-use links an admin hands out (docs/team.md): an invitation to join and a password
// reset. The secret is 32 random bytes in the URL; only its sha256 is stored, so the database
// alone opens nothing. A link works once (`usedAt`) and until it expires.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { MemberLink, MemberRole } from '../../../shared/team.ts'
import type { Services } from '../../actions/define-action.ts'
import type { Orm } from '../../platform/db/database.ts'
import { OIDC_MOUNT } from '../provider/provider.ts'

export const LINK_LIFETIME_MS = { invite: 7 * 24 * 60 * 60 * 1000, reset: 24 * 60 * 60 * 1000 } as const
export type LinkKind = keyof typeof LINK_LIFETIME_MS

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** Where the person opens it: a page beside the embedded provider's (link-pages.ts). */
export const LINK_PAGES: Record<LinkKind, string> = { invite: '/join', reset: '/reset' }
export const linkUrl = (services: Services, kind: LinkKind, secret: string) =>
  `${services.config.publicUrl}${OIDC_MOUNT}${LINK_PAGES[kind]}/${secret}`

export async function createMemberLink(
  services: Services,
  tx: Orm,
  link: { kind: LinkKind; email: string; role?: MemberRole; createdBy: string },
): Promise<MemberLink> {
  const secret = randomBytes(32).toString('base64url')
  const createdAt = services.now()
  const expiresAt = createdAt + LINK_LIFETIME_MS[link.kind]
  const { memberLinks } = services.db.tables
  // One open link of a kind per address: a new one replaces the old.
  await tx
    .delete(memberLinks)
    .where(
      and(eq(memberLinks.email, link.email), eq(memberLinks.kind, link.kind), isNull(memberLinks.usedAt)),
    )
  await tx.insert(memberLinks).values({
    id: randomUUID(),
    kind: link.kind,
    email: link.email,
    role: link.role ?? 'member',
    secretSha256: digest(secret),
    createdBy: link.createdBy,
    createdAt,
    expiresAt,
  })
  return {
    link: linkUrl(services, link.kind, secret),
    email: link.email,
    expiresAt: new Date(expiresAt).toISOString(),
  }
}

/** The open, unexpired link of this kind with this secret. */
export async function findOpenLink(services: Services, kind: LinkKind, secret: string) {
  const { memberLinks } = services.db.tables
  const [link] = await services.db.orm
    .select()
    .from(memberLinks)
    .where(
      and(
        eq(memberLinks.secretSha256, digest(secret)),
        eq(memberLinks.kind, kind),
        isNull(memberLinks.usedAt),
        gt(memberLinks.expiresAt, services.now()),
      ),
    )
  return link
}

/** Marks it used; false when another request used it first (so it works exactly once). */
export async function useLink(services: Services, tx: Orm, id: string): Promise<boolean> {
  const { memberLinks } = services.db.tables
  const used = await tx
    .update(memberLinks)
    .set({ usedAt: services.now() })
    .where(and(eq(memberLinks.id, id), isNull(memberLinks.usedAt)))
    .returning({ id: memberLinks.id })
  return used.length === 1
}

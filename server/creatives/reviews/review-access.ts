// What a review link opens, and the proof a reviewer holds. The link's secret is the capability
// (32 random bytes, only their sha256 kept); a link with a password also needs the key the
// password unlocks. The key is derived from the stored password hash, so the ad's files (loaded
// by an iframe, which sends no header) carry it in their path without scrypt on every file.
import { createHash, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../../platform/db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { liveSecretHash } from '../live/live-secret.ts'

export const REVIEW_MESSAGES = {
  gone: 'This review link has ended. Ask the person who shared it for a new one.',
  needsPassword: 'This review link needs its password.',
  wrongPassword: 'That is not the password of this review link.',
  notOnLink: 'This ad is not part of this review link.',
  notFound: 'No such review link.',
} as const

export type ReviewLinkRow = Database['tables']['reviewLinks']['$inferSelect']

export const reviewState = (link: ReviewLinkRow, now: number) =>
  link.revokedAt !== null ? 'revoked' : now >= link.expiresAt ? 'expired' : 'open'

/** The key a reviewer's page sends with each call; for a link without password, a fixed word. */
export function reviewKey(link: ReviewLinkRow): string {
  if (link.passwordHash === null) return 'open'
  return createHash('sha256').update(`${link.secretSha256}:${link.passwordHash}`).digest('base64url')
}

/** A version's id on one link: stable for the link, and no use without it. */
export const versionId = (link: ReviewLinkRow, uuid: string): string =>
  createHash('sha256').update(`${link.id}:${uuid}`).digest('base64url').slice(0, 22)

/** The open link a secret names; 410 when it never was, expired or was revoked. */
export async function openLinkOfSecret(db: Database, secret: string, now: number): Promise<ReviewLinkRow> {
  const { reviewLinks } = db.tables
  const [link] = await db.orm
    .select()
    .from(reviewLinks)
    .where(eq(reviewLinks.secretSha256, liveSecretHash(secret)))
  if (!link || reviewState(link, now) !== 'open') throw new AppError('GONE', REVIEW_MESSAGES.gone)
  return link
}

/**
 * The open link, with the reviewer's key checked when it has a password: 401 without it, so the
 * page asks for the password.
 */
export async function unlockedLink(
  db: Database,
  secret: string,
  key: string | undefined,
  now: number,
): Promise<ReviewLinkRow> {
  const link = await openLinkOfSecret(db, secret, now)
  if (link.passwordHash === null && (key === undefined || key === reviewKey(link))) return link
  const expected = Buffer.from(reviewKey(link))
  const given = Buffer.from(key ?? '')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('UNAUTHORIZED', REVIEW_MESSAGES.needsPassword)
  }
  return link
}

export const linkFilenames = (link: Pick<ReviewLinkRow, 'filenames'>): string[] => link.filenames as string[]

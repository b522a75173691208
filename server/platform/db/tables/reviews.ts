// Review links (server/creatives/reviews/): what a sharer handed out, and what reviewers said.
import type { TableKit } from '../sqlite/kit.ts'

export function reviewTables(k: TableKit) {
  /**
   * A review link. Only the sha256 of its secret is kept. It names packages by file name, so a
   * new version (Replace or Keep both) shows on the same link; `passwordHash` is scrypt's.
   */
  const reviewLinks = k.table(
    'review_links',
    {
      id: k.text('id').primaryKey(),
      secretSha256: k.text('secret_sha256').notNull().unique(),
      filenames: k.json('filenames').notNull(),
      passwordHash: k.text('password_hash'),
      showChecks: k.int('show_checks').notNull(),
      /** The devices the sharer picked (the workbench's device ids), in their order. */
      devices: k.json('devices').notNull(),
      /** Sizes (WxH) the ads are shown at besides each ad's declared size, in the sharer's order. */
      sizes: k.json('sizes').notNull().default([]),
      createdBySub: k.text('created_by_sub').notNull(),
      createdBy: k.text('created_by'),
      createdAt: k.long('created_at').notNull(),
      expiresAt: k.long('expires_at').notNull(),
      revokedAt: k.long('revoked_at'),
    },
    (t) => [k.index('review_links_created_at_idx').on(t.createdAt)],
  )

  /** A reviewer's comment on one version (package uuid) of a link's package. */
  const reviewComments = k.table(
    'review_comments',
    {
      id: k.id('id'),
      linkId: k.text('link_id').notNull(),
      packageUuid: k.text('package_uuid').notNull(),
      filename: k.text('filename').notNull(),
      name: k.text('name').notNull(),
      email: k.text('email').notNull(),
      text: k.text('text').notNull(),
      pin: k.json('pin'),
      address: k.text('address'),
      at: k.long('at').notNull(),
    },
    (t) => [k.index('review_comments_link_idx').on(t.linkId, t.at)],
  )

  /** A reviewer's decision on one version: the newest per version counts. */
  const reviewDecisions = k.table(
    'review_decisions',
    {
      id: k.id('id'),
      linkId: k.text('link_id').notNull(),
      packageUuid: k.text('package_uuid').notNull(),
      filename: k.text('filename').notNull(),
      decision: k.oneOf('decision', ['approved', 'changes-requested']).notNull(),
      name: k.text('name').notNull(),
      email: k.text('email').notNull(),
      at: k.long('at').notNull(),
    },
    (t) => [
      k.index('review_decisions_link_idx').on(t.linkId, t.at),
      k.index('review_decisions_package_idx').on(t.packageUuid),
    ],
  )

  /**
   * Each version a link has shown (its package uuid; the page names it by an id of the link's
   * own): the link's earlier versions are what a reviewer compares a new one with.
   */
  const reviewLinkVersions = k.table(
    'review_link_versions',
    {
      linkId: k.text('link_id').notNull(),
      packageUuid: k.text('package_uuid').notNull(),
      filename: k.text('filename').notNull(),
      shownAt: k.long('shown_at').notNull(),
    },
    (t) => [k.uniqueIndex('review_link_versions_unique').on(t.linkId, t.packageUuid)],
  )

  /** A password tried on a link, kept an hour: what bounds guessing per link and per address. */
  const reviewUnlockAttempts = k.table(
    'review_unlock_attempts',
    {
      id: k.id('id'),
      linkId: k.text('link_id').notNull(),
      address: k.text('address').notNull(),
      at: k.long('at').notNull(),
    },
    (t) => [
      k.index('review_unlock_attempts_link_idx').on(t.linkId, t.at),
      k.index('review_unlock_attempts_address_idx').on(t.address, t.at),
    ],
  )

  return { reviewLinks, reviewComments, reviewDecisions, reviewLinkVersions, reviewUnlockAttempts }
}

// Review links (server/creatives/reviews/): a capability a sharer hands to an advertiser or an
// agency, who opens the ads without an account, comments on a version and decides on it. The
// wire shapes both sides read, and the bounds a hostile reviewer meets.
import { z } from 'zod/mini'
import { REVIEW_DECISIONS, REVIEW_LIMITS, REVIEW_STATES } from './review-choices.ts'
import { verdictBadgeSchema } from './targets/wire.ts'

export {
  REVIEW_DECISIONS,
  REVIEW_KEY_HEADER,
  REVIEW_LIMITS,
  REVIEW_STANDARD_SIZES,
  REVIEW_STATES,
  type ReviewDecision,
  type ReviewState,
} from './review-choices.ts'

/** A size as `WxH` in CSS pixels, each side within REVIEW_LIMITS.sizeSide. */
export const reviewSizeSchema = z.string().check(
  z.regex(/^\d{2,4}x\d{2,4}$/),
  z.refine((size) =>
    size.split('x').every((side) => {
      const n = Number(side)
      return n >= REVIEW_LIMITS.sizeSide.min && n <= REVIEW_LIMITS.sizeSide.max
    }),
  ),
)

export const createReviewLinkInputSchema = z.object({
  uuids: z.array(z.string()).check(z.minLength(1), z.maxLength(REVIEW_LIMITS.packagesPerLink)),
  expiresInDays: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(REVIEW_LIMITS.maxDays))),
  password: z.optional(
    z
      .string()
      .check(z.minLength(REVIEW_LIMITS.passwordChars.min), z.maxLength(REVIEW_LIMITS.passwordChars.max)),
  ),
  /** Show the inspection warnings and the delivery targets' verdicts on the review page. */
  showChecks: z.optional(z.boolean()),
  /** The devices the ads are shown on (the workbench's device ids); the page's default without. */
  devices: z.optional(
    z.array(z.string().check(z.regex(/^[a-z0-9-]{1,40}$/))).check(z.maxLength(REVIEW_LIMITS.devicesPerLink)),
  ),
  /** Sizes (WxH) each ad is shown at too, besides its declared size. */
  sizes: z.optional(z.array(reviewSizeSchema).check(z.maxLength(REVIEW_LIMITS.sizesPerLink))),
})
export type CreateReviewLinkInput = z.infer<typeof createReviewLinkInputSchema>

export const reviewLinkSchema = z.object({
  id: z.string(),
  /** Only in the answer that made the link: the database keeps the secret's hash alone. */
  url: z.optional(z.string()),
  filenames: z.array(z.string()),
  createdBy: z.nullable(z.string()),
  /** ISO 8601 */
  createdAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(['open', 'expired', 'revoked']),
  hasPassword: z.boolean(),
  showChecks: z.boolean(),
  devices: z.array(z.string()),
  sizes: z.array(z.string()),
  /** Who commented or decided through it, by the name they gave. */
  reviewers: z.array(z.string()),
})
export type ReviewLink = z.infer<typeof reviewLinkSchema>

const reviewerFields = {
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(REVIEW_LIMITS.nameChars)),
  email: z.email().check(z.maxLength(REVIEW_LIMITS.emailChars)),
}

/**
 * A version as a review page names it: an id of the link's own, never the package uuid (which is
 * index_url's and package_url's lasting capability).
 */
const versionField = { versionId: z.string().check(z.maxLength(64)) }

export const reviewCommentInputSchema = z.object({
  ...versionField,
  ...reviewerFields,
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(REVIEW_LIMITS.commentChars)),
  /** A point of the ad, as fractions of its width and height. */
  pin: z.optional(
    z.object({
      x: z.number().check(z.minimum(0), z.maximum(1)),
      y: z.number().check(z.minimum(0), z.maximum(1)),
    }),
  ),
})

export const reviewDecisionInputSchema = z.object({
  ...versionField,
  ...reviewerFields,
  decision: z.enum(REVIEW_DECISIONS),
})

export const reviewCommentSchema = z.object({
  id: z.number(),
  name: z.string(),
  text: z.string(),
  at: z.string(),
  pin: z.nullable(z.object({ x: z.number(), y: z.number() })),
})

export const reviewDecisionSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS),
  name: z.string(),
  at: z.string(),
})

/** A version as the review page shows it, with the checks when the sharer chose to show them. */
const reviewVersionFields = {
  ...versionField,
  version: z.number(),
  createdAt: z.string(),
  adSize: z.nullable(z.string()),
  /** The ad under the link's own path: it ends with the link. */
  previewUrl: z.string(),
  /** The inspection's warnings, when the sharer chose to show them. */
  warnings: z.nullable(z.array(z.string())),
  /** The verdict over the deployment's delivery targets, when the sharer chose to show the checks. */
  targets: z.nullable(verdictBadgeSchema),
}

/** One package of a link as the review page shows it: its newest version. */
export const reviewItemSchema = z.object({
  ...reviewVersionFields,
  filename: z.string(),
  /** An earlier version of it was commented on or decided on through this link. */
  isNew: z.boolean(),
  comments: z.array(reviewCommentSchema),
  decisions: z.array(reviewDecisionSchema),
  /** The version this link showed before this one, while its files are kept: to compare with. */
  previous: z.nullable(z.object(reviewVersionFields)),
})
export type ReviewItem = z.infer<typeof reviewItemSchema>
export type ReviewVersion = NonNullable<ReviewItem['previous']>

export const reviewViewSchema = z.object({
  sharedBy: z.nullable(z.string()),
  devices: z.array(z.string()),
  /** Sizes each ad is shown at besides its declared size. */
  sizes: z.array(z.string()),
  expiresAt: z.string(),
  items: z.array(reviewItemSchema),
})
export type ReviewView = z.infer<typeof reviewViewSchema>

export const reviewLinkListSchema = z.array(reviewLinkSchema)
/** uuid -> state; a package never shared is absent. */
export const reviewStatesAnswerSchema = z.record(z.string(), z.enum(REVIEW_STATES))
export const reviewRevokedAnswerSchema = z.object({ id: z.string() })
export const reviewUnlockInputSchema = z.object({
  password: z.string().check(z.maxLength(REVIEW_LIMITS.passwordChars.max)),
})
export const reviewUnlockAnswerSchema = z.object({ key: z.string() })
export const reviewCommentAnswerSchema = z.object({ id: z.number() })
export const reviewDecisionAnswerSchema = z.object({ decision: z.enum(REVIEW_DECISIONS) })

/** What reviewers said of a package (every version), as the team's workbench shows it. */
export const reviewFeedbackSchema = z.array(
  z.object({
    kind: z.enum(['comment', 'decision']),
    linkId: z.string(),
    /** The version's package uuid (the team's side may know it). */
    uuid: z.string(),
    name: z.string(),
    email: z.string(),
    /** The comment, or the decision. */
    text: z.string(),
    pin: z.nullable(z.object({ x: z.number(), y: z.number() })),
    at: z.string(),
  }),
)
export type ReviewFeedback = z.infer<typeof reviewFeedbackSchema>

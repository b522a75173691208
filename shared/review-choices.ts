// Review links' fixed choices and bounds, without zod: the list's first screen reads the review
// states (its filter and badge) and must not load the schemas (shared/review.ts holds them).
export const REVIEW_LIMITS = {
  packagesPerLink: 50,
  devicesPerLink: 4,
  defaultDays: 14,
  maxDays: 90,
  passwordChars: { min: 4, max: 200 },
  nameChars: 100,
  emailChars: 200,
  commentChars: 2000,
  /** Comments one link takes in an hour, and one address in ten minutes: a flood stops there. */
  commentsPerLinkPerHour: 200,
  commentsPerAddressPer10Min: 30,
  /** Sizes a link shows its ads at besides each ad's declared size; a side of a size, in px. */
  sizesPerLink: 6,
  sizeSide: { min: 10, max: 2000 },
  /** Passwords one link takes in an hour, and one address in ten minutes: guessing stops there. */
  unlocksPerLinkPerHour: 15,
  unlocksPerAddressPer10Min: 5,
} as const

/** The standard IAB sizes the Share dialog offers (a custom WxH may be added too). */
export const REVIEW_STANDARD_SIZES = ['320x50', '320x100', '300x250', '320x480', '728x90', '300x600'] as const

export const REVIEW_DECISIONS = ['approved', 'changes-requested'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]

/** A package's review state in the team's list: the newest decision on it, else awaiting one. */
export const REVIEW_STATES = ['awaiting', 'changes-requested', 'approved'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

/** The header that carries the key a link's password unlocked, on the review page's calls. */
export const REVIEW_KEY_HEADER = 'X-Review-Key'

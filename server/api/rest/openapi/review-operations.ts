// Review links: the team's calls (bearer) to share, list, revoke and read review states, and
// what a review page calls without an account (the link's secret in the path is the access).
import { z } from 'zod/mini'
import { SERVER_MOUNTS as MOUNT, REST } from '../../../../shared/paths.ts'
import {
  createReviewLinkInputSchema,
  REVIEW_KEY_HEADER,
  REVIEW_LIMITS,
  REVIEW_STATES,
  reviewCommentAnswerSchema,
  reviewCommentInputSchema,
  reviewDecisionAnswerSchema,
  reviewDecisionInputSchema,
  reviewFeedbackSchema,
  reviewLinkListSchema,
  reviewLinkSchema,
  reviewRevokedAnswerSchema,
  reviewStatesAnswerSchema,
  reviewUnlockAnswerSchema,
  reviewUnlockInputSchema,
  reviewViewSchema,
} from '../../../../shared/review.ts'
import { errorAnswer as error, type Operation, openApiPath } from './operation.ts'

const SECRET = { secret: 'The secret of the review link (43 base64url characters).' }
const gone = error('The link never was, has expired or was revoked.')
const locked = error(
  `The link has a password: send the key its unlock call answered in ${REVIEW_KEY_HEADER}.`,
)
const bearerRefusals = {
  401: error('Missing or invalid access token.'),
  403: error('The access policy refuses this caller, or a read-only API token asked to change something.'),
}

export const REVIEW_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: MOUNT.api + REST.reviewLinks,
    operationId: 'shareForReview',
    summary: 'Share packages for review: a link that expires, may carry a password, and can be revoked',
    auth: 'bearer',
    tags: ['reviews'],
    body: { schema: createReviewLinkInputSchema },
    answers: {
      201: { description: 'The link; its url is answered only here.', schema: reviewLinkSchema },
      400: error('Not such a request.'),
      404: error('A package named is not there.'),
      ...bearerRefusals,
    },
  },
  {
    method: 'get',
    path: MOUNT.api + REST.reviewLinks,
    operationId: 'listReviewLinks',
    summary: "Review links, newest first (?filename= a package's), with their state and reviewers",
    auth: 'bearer',
    tags: ['reviews'],
    query: z.object({ filename: z.optional(z.string()) }),
    answers: { 200: { description: 'The links.', schema: reviewLinkListSchema }, ...bearerRefusals },
  },
  {
    method: 'get',
    path: MOUNT.api + REST.reviewStates,
    operationId: 'reviewStates',
    summary: `Each package's review state (${REVIEW_STATES.join(', ')}); packages never shared are absent`,
    auth: 'bearer',
    tags: ['reviews'],
    query: z.object({ uuid: z.array(z.string()) }),
    answers: {
      200: { description: 'uuid -> state.', schema: reviewStatesAnswerSchema },
      ...bearerRefusals,
    },
  },
  {
    method: 'get',
    path: MOUNT.api + REST.reviewFeedback,
    operationId: 'reviewFeedback',
    summary: 'What reviewers said of a package (?filename=), every version and link, oldest first',
    auth: 'bearer',
    tags: ['reviews'],
    query: z.object({ filename: z.string() }),
    answers: {
      200: { description: 'Comments and decisions.', schema: reviewFeedbackSchema },
      ...bearerRefusals,
    },
  },
  {
    method: 'delete',
    path: openApiPath(MOUNT.api + REST.reviewLink),
    operationId: 'revokeReviewLink',
    summary: 'Revoke a review link: its page, calls and ads end at once',
    auth: 'bearer',
    tags: ['reviews'],
    params: { id: 'The link id.' },
    answers: {
      200: { description: 'Revoked.', schema: reviewRevokedAnswerSchema },
      404: error('No such link.'),
      ...bearerRefusals,
    },
  },
  {
    method: 'get',
    path: `${MOUNT.reviews}/{secret}`,
    operationId: 'openReview',
    summary:
      "A review page's view: each package's newest version (and the one shown before it), its ad under the link, comments and decisions",
    auth: 'none',
    tags: ['reviews'],
    params: SECRET,
    answers: { 200: { description: 'The view.', schema: reviewViewSchema }, 401: locked, 410: gone },
  },
  {
    method: 'post',
    path: `${MOUNT.reviews}/{secret}/unlock`,
    operationId: 'unlockReview',
    summary: "A link's password, for the key its other calls carry",
    auth: 'none',
    tags: ['reviews'],
    params: SECRET,
    body: { schema: reviewUnlockInputSchema },
    answers: {
      200: { description: 'The key.', schema: reviewUnlockAnswerSchema },
      403: error('Not the password.'),
      410: gone,
      429: error(
        `Too many wrong passwords: ${REVIEW_LIMITS.unlocksPerAddressPer10Min} from an address in ten minutes, or ${REVIEW_LIMITS.unlocksPerLinkPerHour} on the link in an hour.`,
      ),
    },
  },
  {
    method: 'post',
    path: `${MOUNT.reviews}/{secret}/comments`,
    operationId: 'commentOnReview',
    summary: `A reviewer's comment on a version: plain text, at most ${REVIEW_LIMITS.commentChars} characters`,
    auth: 'none',
    tags: ['reviews'],
    params: SECRET,
    body: { schema: reviewCommentInputSchema },
    answers: {
      200: { description: 'Kept.', schema: reviewCommentAnswerSchema },
      400: error('Not such a comment.'),
      401: locked,
      409: error('Not the newest version of a package on this link.'),
      410: gone,
      429: error('Too many comments on this link, or from this address, for now.'),
    },
  },
  {
    method: 'post',
    path: `${MOUNT.reviews}/{secret}/decisions`,
    operationId: 'decideOnReview',
    summary: "A reviewer's decision on a version: approved or changes-requested",
    auth: 'none',
    tags: ['reviews'],
    params: SECRET,
    body: { schema: reviewDecisionInputSchema },
    answers: {
      200: { description: 'Kept.', schema: reviewDecisionAnswerSchema },
      400: error('Not such a decision.'),
      401: locked,
      409: error('Not the newest version of a package on this link.'),
      410: gone,
    },
  },
  {
    method: 'get',
    path: `${MOUNT.reviews}/{secret}/files/{key}/{version}`,
    operationId: 'reviewFilesFolder',
    summary: "Redirects to the ad's folder under the review link",
    auth: 'none',
    tags: ['reviews'],
    params: { ...SECRET, key: 'The key of the view.', version: 'The version id.' },
    answers: { 301: { description: 'To the same path with a trailing slash.' } },
  },
  {
    method: 'get',
    path: `${MOUNT.reviews}/{secret}/files/{key}/{version}/{path}`,
    operationId: 'reviewFiles',
    summary: "An ad's files under the review link (previewUrl of the view): they end with the link",
    auth: 'none',
    tags: ['reviews'],
    params: {
      ...SECRET,
      key: 'The key of the view (open without a password).',
      version: "The version's id on this link (versionId of the view).",
      path: 'A file of the ad.',
    },
    answers: {
      200: { description: 'The file, sandboxed like index_url.', type: '*/*' },
      401: locked,
      409: error('Not a version this link shows, or showed before the newest and still keeps.'),
      410: gone,
    },
  },
]

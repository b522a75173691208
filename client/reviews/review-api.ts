// The review page's calls: plain fetch below the link's secret (no account, no bearer). The key a
// password unlocked is kept for the tab, so a reload does not ask again.
import { API } from '../../shared/paths.ts'
import { REVIEW_KEY_HEADER, type ReviewView } from '../../shared/review.ts'

export class ReviewCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const keyName = (secret: string) => `ads-preview.review-key.${secret.slice(0, 12)}`
export const savedKey = (secret: string) => sessionStorage.getItem(keyName(secret)) ?? undefined

async function call<T>(secret: string, path: string, body?: unknown): Promise<T> {
  const key = savedKey(secret)
  const response = await fetch(API.review(secret, path), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(key ? { [REVIEW_KEY_HEADER]: key } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string }
  if (!response.ok)
    throw new ReviewCallError(response.status, answer.message ?? `The server answered ${response.status}.`)
  return answer
}

export const loadReview = (secret: string) => call<ReviewView>(secret, '')

export async function unlockReview(secret: string, password: string): Promise<void> {
  const { key } = await call<{ key: string }>(secret, '/unlock', { password })
  sessionStorage.setItem(keyName(secret), key)
}

export const postComment = (secret: string, body: unknown) => call<{ id: number }>(secret, '/comments', body)
export const postDecision = (secret: string, body: unknown) =>
  call<{ decision: string }>(secret, '/decisions', body)

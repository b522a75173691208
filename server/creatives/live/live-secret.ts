// A live session's link carries 32 random bytes; the database keeps only their sha256, so a
// copy of the database cannot join a session.
import { createHash, randomBytes } from 'node:crypto'

export const newLiveSecret = (): string => randomBytes(32).toString('base64url')

export const liveSecretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex')

// How the audit trail reads to a person: each recorded action as a phrase.
import type { AuditAction, AuditEvent } from '../../shared/team.ts'
import { formatCreatedAt } from '../packages/format.ts'

const WORDS: Record<AuditAction, string> = {
  'package.uploaded': 'uploaded',
  'package.replaced': 'replaced',
  'package.deleted': 'deleted',
  'package.restored': 'restored',
  'package.replace-undone': 'undid the Replace, bringing back',
  'member.invited': 'invited',
  'member.invite-revoked': 'took back the invitation of',
  'member.joined': 'joined as',
  'member.removed': 'removed',
  'member.reset-issued': 'issued a password reset for',
  'member.password-reset': 'reset the password of',
  'member.password-changed': 'changed the password of',
  'member.sessions-ended': 'signed out the other sessions of',
  'review.shared': 'shared for review',
  'review.revoked': 'revoked a review link of',
  'review.commented': 'commented through a review link on',
  'review.decided': 'decided through a review link on',
}

export function auditWords(event: AuditEvent): { who: string; what: string; whom: string; when: string } {
  const version = event.details?.version
  const whom = event.subject.name ?? event.subject.id
  return {
    who: event.actor ?? 'The system',
    what: WORDS[event.action],
    whom:
      event.subject.type === 'package' && typeof version === 'number' ? `${whom} (version ${version})` : whom,
    when: formatCreatedAt(event.at),
  }
}

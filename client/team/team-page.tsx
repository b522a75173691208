// The team, for an admin of the embedded provider (docs/team.md): every member with their role,
// status and last sign-in; invite by a link to copy, take back an invitation, issue a password
// reset link, remove a member (their access ends within a minute).
import './team.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { Member, MemberLink } from '../../shared/team.ts'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import { formatCreatedAt } from '../packages/format.ts'
import { LinkBox } from './link-box.tsx'

export function TeamPage() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const team = useQuery(trpc.team.list.queryOptions())
  const [handout, setHandout] = useState<{ link: MemberLink; what: string } | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.team.list.queryKey() })
  const options = { onSettled: refresh }
  const invite = useMutation(trpc.team.invite.mutationOptions(options))
  const reset = useMutation(trpc.team.resetLink.mutationOptions(options))
  const remove = useMutation(trpc.team.remove.mutationOptions(options))
  const revoke = useMutation(trpc.team.revokeInvite.mutationOptions(options))
  const failed = [invite, reset, remove, revoke].find((m) => m.error)?.error ?? team.error

  const submitInvite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const role = data.get('role') === 'admin' ? 'admin' : 'member'
    invite.mutate(
      { email: String(data.get('email')), role },
      {
        onSuccess: (link) => {
          setHandout({ link, what: 'Invitation' })
          form.reset()
        },
      },
    )
  }
  const actions: MemberActions = {
    reset: (member) =>
      reset.mutate(
        { id: member.id },
        { onSuccess: (link) => setHandout({ link, what: 'Password reset link' }) },
      ),
    remove: (member) => remove.mutate({ id: member.id }, { onSuccess: () => setHandout(null) }),
    revoke: (member) => revoke.mutate({ id: member.id }),
  }

  return (
    <div className="team-screen">
      <h1>Team</h1>
      <section className="card team-card" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <form onSubmit={submitInvite} className="invite-form">
          <label htmlFor="invite-email">Email</label>
          <input id="invite-email" name="email" type="email" autoComplete="off" required />
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" name="role" defaultValue="member">
            <option value="member">Member</option>
            <option value="admin">Administrator</option>
          </select>
          <button type="submit" className="button primary" disabled={invite.isPending}>
            Invite
          </button>
        </form>
      </section>
      {handout && <LinkBox link={handout.link} what={handout.what} />}
      {failed && (
        <div className="banner error" role="alert">
          <strong>{toApiError(failed).message}</strong>
        </div>
      )}
      <h2 id="members-title">Members</h2>
      {team.data ? (
        <ul className="member-list" aria-labelledby="members-title">
          {team.data.members.map((member) => (
            <MemberItem key={member.id} member={member} actions={actions} />
          ))}
        </ul>
      ) : (
        !team.error && (
          <p className="loading" role="status">
            Loading
          </p>
        )
      )}
    </div>
  )
}

interface MemberActions {
  reset(member: Member): void
  remove(member: Member): void
  revoke(member: Member): void
}

function MemberItem({ member, actions }: { member: Member; actions: MemberActions }) {
  const [confirming, setConfirming] = useState(false)
  const invited = member.status === 'invited'
  const since = invited
    ? `Invited, until ${formatCreatedAt(member.expiresAt ?? '')}`
    : member.lastSignInAt
      ? `Last sign-in ${formatCreatedAt(member.lastSignInAt)}`
      : 'Never signed in'
  return (
    <li className="member">
      <div className="member-who">
        <span className="subject">{member.email}</span>
        <span className="muted small">
          {member.role === 'admin' ? 'Administrator' : 'Member'} · {since}
        </span>
      </div>
      <div className="member-actions">
        {invited ? (
          <button
            type="button"
            className="button small"
            aria-label={`Take back the invitation of ${member.email}`}
            onClick={() => actions.revoke(member)}
          >
            Take back
          </button>
        ) : confirming ? (
          <>
            <span className="small">Remove {member.email}?</span>
            <button type="button" className="button small danger" onClick={() => actions.remove(member)}>
              Remove
            </button>
            <button type="button" className="button small" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button small"
              aria-label={`Reset password of ${member.email}`}
              onClick={() => actions.reset(member)}
            >
              Reset password
            </button>
            <button
              type="button"
              className="button small"
              aria-label={`Remove ${member.email}…`}
              onClick={() => setConfirming(true)}
            >
              Remove…
            </button>
          </>
        )}
      </div>
    </li>
  )
}

// A single-use link for the admin to hand on (an invitation or a password reset): shown in full,
// with a button that copies it. No mail server needed; with SMTP_URL set it also says whether the
// link went by mail.
import { useRef, useState } from 'react'
import type { MemberLink } from '../../shared/team.ts'
import { formatCreatedAt } from '../packages/format.ts'
import { copyText } from '../preview/copy-text.ts'

export function LinkBox({ link, what }: { link: MemberLink; what: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [copied, setCopied] = useState<boolean | null>(null)
  return (
    <div
      className={`banner ${link.mail && !link.mail.sent ? 'warning' : 'success'} link-box`}
      ref={box}
      role="status"
    >
      <strong>
        {what} for {link.email}
      </strong>
      {link.mail?.sent && <p>Sent by mail to {link.email}.</p>}
      {link.mail && !link.mail.sent && (
        <p>The mail could not be sent: {link.mail.error ?? 'no reason given'}.</p>
      )}
      <p>
        {link.mail?.sent ? 'You can also hand this link on' : 'Hand this link on'}; it works once, until{' '}
        {formatCreatedAt(link.expiresAt)}.
      </p>
      <p className="link-text">{link.link}</p>
      <button
        type="button"
        className="button small"
        onClick={async () => setCopied(box.current ? await copyText(link.link, box.current) : false)}
      >
        Copy link
      </button>{' '}
      {copied !== null && (
        <span className="small">{copied ? 'Copied.' : 'Select the link and copy it.'}</span>
      )}
    </div>
  )
}

// A single-use link for the admin to hand on (an invitation or a password reset): shown in full,
// with a button that copies it. No mail server needed.
import { useRef, useState } from 'react'
import type { MemberLink } from '../../shared/team.ts'
import { formatCreatedAt } from '../packages/format.ts'
import { copyText } from '../preview/copy-text.ts'

export function LinkBox({ link, what }: { link: MemberLink; what: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [copied, setCopied] = useState<boolean | null>(null)
  return (
    <div className="banner success link-box" ref={box} role="status">
      <strong>
        {what} for {link.email}
      </strong>
      <p>Hand this link on; it works once, until {formatCreatedAt(link.expiresAt)}.</p>
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

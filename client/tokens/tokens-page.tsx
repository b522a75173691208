// Personal API tokens: a person makes one for a script or a CI job, sees its secret
// once, and revokes it. The server keeps only the secret's sha256 and refuses a revoked or
// expired token at its next call.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import {
  API_TOKEN_DEFAULT_DAYS,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from '../../shared/api-tokens.ts'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import { formatCreatedAt } from '../packages/format.ts'
import { copyText } from '../preview/copy-text.ts'

const EXPIRY_DAYS = [7, 30, API_TOKEN_DEFAULT_DAYS, 366] as const
export const SCOPE_LABELS: Record<ApiTokenScope, string> = { read: 'Read', write: 'Read and write' }

function NewSecret({ made }: { made: CreatedApiToken }) {
  const box = useRef<HTMLDivElement>(null)
  const [copied, setCopied] = useState(false)
  return (
    <div className="banner success new-secret" role="status" ref={box}>
      <p>
        <strong>{made.token.name}</strong>: copy this token now, it is not shown again.
      </p>
      <code className="secret">{made.secret}</code>
      <button
        type="button"
        className="button small"
        onClick={async () => setCopied(box.current ? await copyText(made.secret, box.current) : false)}
      >
        {copied ? 'Copied' : 'Copy token'}
      </button>
    </div>
  )
}

function TokenItem({ token, onRevoke, busy }: { token: ApiToken; onRevoke(): void; busy: boolean }) {
  const expired = Date.parse(token.expires_at) <= Date.now()
  return (
    <li className="token">
      <div className="token-facts">
        <span className="subject">{token.name}</span>
        <span className="muted small">
          {SCOPE_LABELS[token.scope]} · made {formatCreatedAt(token.created_at)} ·{' '}
          {expired ? 'expired' : 'expires'} {formatCreatedAt(token.expires_at)} · last used{' '}
          {token.last_used_at ? formatCreatedAt(token.last_used_at) : 'never'}
        </span>
      </div>
      <button type="button" className="button small danger" disabled={busy} onClick={onRevoke}>
        Revoke<span className="visually-hidden"> {token.name}</span>
      </button>
    </li>
  )
}

export function TokensPage() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const ids = useId()
  const list = useQuery(trpc.tokens.list.queryOptions())
  const [name, setName] = useState('')
  const [scope, setScope] = useState<ApiTokenScope>('read')
  const [days, setDays] = useState<number>(API_TOKEN_DEFAULT_DAYS)
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() })
  const create = useMutation(trpc.tokens.create.mutationOptions({ onSuccess: refresh }))
  const revoke = useMutation(trpc.tokens.revoke.mutationOptions({ onSuccess: refresh }))
  const failure = create.error ?? revoke.error ?? list.error

  return (
    <div className="tokens-page">
      <h1>API tokens</h1>
      <p className="muted">
        A script or a CI job calls the API with a token in place of your sign-in (
        <code>Authorization: Bearer adp_…</code>, or <code>ads-preview check --server … --token …</code>). It
        acts as you: <em>Read</em> lists and shows packages; <em>Read and write</em> also uploads and deletes
        them.
      </p>
      <form
        className="card token-form"
        onSubmit={(event) => {
          event.preventDefault()
          create.mutate({ name, scope, expiresInDays: days }, { onSuccess: () => setName('') })
        }}
      >
        <h2>New token</h2>
        <label htmlFor={`${ids}-name`}>Name</label>
        <input
          id={`${ids}-name`}
          value={name}
          maxLength={100}
          required
          placeholder="CI upload job"
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset>
          <legend>Scope</legend>
          {(['read', 'write'] as const).map((value) => (
            <label key={value} className="choice">
              <input type="radio" name="scope" checked={scope === value} onChange={() => setScope(value)} />
              {SCOPE_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${ids}-days`}>Expires after</label>
        <select id={`${ids}-days`} value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {EXPIRY_DAYS.map((n) => (
            <option key={n} value={n}>
              {n} days
            </option>
          ))}
        </select>
        <button type="submit" className="button primary" disabled={create.isPending}>
          Create token
        </button>
      </form>
      {create.data && <NewSecret made={create.data} />}
      {failure && (
        <div className="banner error" role="alert">
          <p>{toApiError(failure).message}</p>
        </div>
      )}
      <section aria-labelledby={`${ids}-list`}>
        <h2 id={`${ids}-list`}>Your tokens</h2>
        {list.data && list.data.tokens.length === 0 && <p className="muted">No tokens yet.</p>}
        <ul className="token-list">
          {list.data?.tokens.map((token) => (
            <TokenItem
              key={token.id}
              token={token}
              busy={revoke.isPending}
              onRevoke={() => revoke.mutate({ id: token.id })}
            />
          ))}
        </ul>
      </section>
    </div>
  )
}

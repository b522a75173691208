// The embedded provider's own pages: sign-in, sign-out, and choosing a password (an invitation
// or a reset link). Server-rendered, no JavaScript
// needed (sign-out submits itself when scripts run, and shows a button when they do not).
import { createHash } from 'node:crypto'

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6fa;color:#1c2330;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(92vw,400px);background:#fff;border-radius:14px;box-shadow:0 8px 30px rgba(20,30,60,.08);padding:32px}
h1{font-size:1.35rem;margin:0 0 4px}
p.lead{margin:0 0 24px;color:#5b6578}
label{display:block;font-weight:600;font-size:.9rem;margin:16px 0 6px}
input{width:100%;padding:10px 12px;border:1px solid #c9d0dc;border-radius:8px;font:inherit}
input:focus,button:focus{outline:3px solid #8db4ff;outline-offset:1px}
button{margin-top:24px;width:100%;padding:11px;border:0;border-radius:8px;background:#2457d6;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1c47b3}
.error{background:#fdecec;color:#8a1c1c;border:1px solid #f3b8b8;border-radius:8px;padding:10px 12px;margin:0 0 8px}
.brand{font-weight:700;color:#2457d6;letter-spacing:.02em;margin-bottom:18px}
`

const LOGOUT_SCRIPT =
  "(function(){var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit()})()"

/** The pages' only inline script and style, by hash, for their Content-Security-Policy. */
export const PAGE_INLINE_HASHES = {
  scripts: [createHash('sha256').update(LOGOUT_SCRIPT).digest('base64')],
  styles: [createHash('sha256').update(STYLE).digest('base64')],
}

function page(title: string, body: string, extraHead = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title><style>${STYLE}</style>${extraHead}</head><body><main>${body}</main></body></html>`
}

export interface LoginPageOptions {
  productTitle: string
  action: string
  csrfToken: string
  email?: string
  error?: string
}

export function loginPage(options: LoginPageOptions): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''
  return page(
    `Sign in · ${options.productTitle}`,
    `<div class="brand">${escapeHtml(options.productTitle)}</div>
<h1>Sign in</h1><p class="lead">Use your ${escapeHtml(options.productTitle)} account.</p>
${error}
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(options.csrfToken)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}" ${options.email ? '' : 'autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required ${options.email ? 'autofocus' : ''}>
<button type="submit">Sign in</button>
</form>`,
  )
}

export interface PasswordFormOptions {
  productTitle: string
  heading: string
  lead: string
  email: string
  action: string
  button: string
  error?: string
}

/** Choose a password: joining by invitation, or a reset link. */
export function passwordFormPage(options: PasswordFormOptions): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''
  return page(
    `${options.heading} · ${options.productTitle}`,
    `<div class="brand">${escapeHtml(options.productTitle)}</div>
<h1>${escapeHtml(options.heading)}</h1><p class="lead">${escapeHtml(options.lead)}</p>
${error}
<form method="post" action="${escapeHtml(options.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" value="${escapeHtml(options.email)}" readonly>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required autofocus>
<label for="confirm">Repeat the new password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="8" required>
<button type="submit">${escapeHtml(options.button)}</button>
</form>`,
  )
}

/** Submits itself when `automatic` (and scripts run); otherwise asks for a click. */
export function logoutPage(productTitle: string, form: string, automatic: boolean): string {
  const button = '<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>'
  return page(
    `Signing out · ${productTitle}`,
    automatic
      ? `<div class="brand">${escapeHtml(productTitle)}</div><h1>Signing out…</h1>
${form}
<noscript>${button}</noscript>
<script>${LOGOUT_SCRIPT}</script>`
      : `<div class="brand">${escapeHtml(productTitle)}</div><h1>Sign out?</h1>
<p class="lead">Sign out of ${escapeHtml(productTitle)} on this browser.</p>
${form}
${button}`,
  )
}

export function errorPage(productTitle: string, title: string, message: string): string {
  return page(
    `${title} · ${productTitle}`,
    `<div class="brand">${escapeHtml(productTitle)}</div><h1>${escapeHtml(title)}</h1><p class="error">${escapeHtml(message)}</p>`,
  )
}

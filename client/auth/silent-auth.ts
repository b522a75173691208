// The silent session check: a hidden frame asks the provider with prompt=none and
// response_mode=web_message; the answer comes back by postMessage, accepted only from the
// issuer's origin and the frame's own window, within 5 seconds.
import { SILENT_AUTH_TIMEOUT_MS } from '../../shared/constants.ts'
import { type AuthorizationResponse, fromParams } from './authorize.ts'
import { AuthError } from './errors.ts'

export function silentAuthorize(
  url: string,
  issuer: string,
  timeoutMs = SILENT_AUTH_TIMEOUT_MS,
): Promise<AuthorizationResponse> {
  const issuerOrigin = new URL(issuer).origin
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe')
    frame.style.display = 'none'
    frame.setAttribute('aria-hidden', 'true')
    frame.title = 'Session check'
    const finish = () => {
      window.removeEventListener('message', onMessage)
      clearTimeout(timer)
      frame.remove()
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== issuerOrigin || event.source !== frame.contentWindow) return
      const data = event.data as { type?: string; response?: Record<string, string> } | null
      if (data?.type !== 'authorization_response' || !data.response) return
      finish()
      const response = data.response
      resolve(fromParams((name) => response[name]))
    }
    const timer = setTimeout(() => {
      finish()
      reject(new AuthError('timeout', 'Timeout during executing web_message communication'))
    }, timeoutMs)
    window.addEventListener('message', onMessage)
    frame.src = url
    document.body.appendChild(frame)
  })
}

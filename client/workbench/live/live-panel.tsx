// The live session's controls: start one, show its link as a QR code and text for phones, how
// many phones are there now (one that left, or went quiet, no longer counts), when it expires,
// and end it.
import dayjs from 'dayjs'
import { QRCodeSVG } from 'qrcode.react'
import type { LiveSessionState } from './use-live-session.ts'

const QR_SIZE = 148

const STATUS_TEXT = {
  starting: 'Starting…',
  waiting: 'Waiting for phones',
  reconnecting: 'Reconnecting…',
  ending: 'Ending the live session…',
  ended: 'The live session has ended: its link no longer works.',
}

export function LivePanel({ live }: { live: LiveSessionState }) {
  const { status, session, phones, error } = live
  const running = (status === 'open' || status === 'reconnecting') && session
  return (
    <section className="live-panel" aria-labelledby="live-title">
      <h2 id="live-title">Live session</h2>
      {running ? (
        <div className="live-session">
          <div className="qr" data-testid="live-qr">
            <QRCodeSVG
              value={session.url}
              size={QR_SIZE}
              marginSize={2}
              title="QR code of the live session link"
            />
          </div>
          <div className="live-details">
            <p>Scan on a phone: what the ad does there joins the console in its own column.</p>
            <label className="live-link">
              Link
              <input
                readOnly
                value={session.url}
                data-testid="live-link"
                onFocus={(e) => e.currentTarget.select()}
              />
            </label>
            <p className="muted" role="status" data-testid="live-status">
              {status === 'reconnecting'
                ? STATUS_TEXT.reconnecting
                : phones === 0
                  ? STATUS_TEXT.waiting
                  : `${phones} ${phones === 1 ? 'phone' : 'phones'} joined`}{' '}
              · expires {dayjs(session.expiresAt).format('HH:mm')}
            </p>
            <button type="button" className="button small" onClick={live.end}>
              End session
            </button>
          </div>
        </div>
      ) : (
        <div className="live-start">
          <p className="muted">
            See this ad on a real phone beside this run: start a session, open its link on the phone, and
            compare them line by line.
          </p>
          {(status === 'ending' || status === 'ended') && (
            <p role="status" data-testid="live-status">
              {STATUS_TEXT[status]}
            </p>
          )}
          {status === 'failed' && error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <button
            type="button"
            className="button small"
            disabled={status === 'starting' || status === 'ending'}
            onClick={() => void live.start()}
          >
            {status === 'starting' ? STATUS_TEXT.starting : 'Start live session'}
          </button>
        </div>
      )}
    </section>
  )
}

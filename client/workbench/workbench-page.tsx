// The QA workbench: the creative in a device frame, driven like an app's container (placement,
// size, orientation, viewability, exposure, volume), with a live console of what the MRAID host
// saw and the inspection report beside it.
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useParams } from 'wouter'
import type { InspectionReport } from '../../shared/inspector/types.ts'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import {
  adBox,
  type Box,
  describeHostMessage,
  type HostState,
  isHostMessage,
  type Placement,
  SIZE_PRESETS,
} from './host-messages.ts'
import './workbench.css'

const PHONE = { width: 390, height: 844 }
const MAX_LOG_LINES = 500

interface LogLine {
  id: number
  kind: string
  text: string
}

export function WorkbenchPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const trpc = useTRPC()
  const query = useQuery(trpc.packages.get.queryOptions({ uuid }))
  if (query.error) {
    return (
      <div className="banner error" role="alert">
        {toApiError(query.error).message}
      </div>
    )
  }
  if (!query.data)
    return (
      <p className="loading" role="status">
        Loading
      </p>
    )
  return (
    <Workbench
      indexUrl={query.data.package.index_url}
      filename={query.data.package.filename}
      report={query.data.inspection}
    />
  )
}

function PercentSlider({
  label,
  value,
  onChange,
}: {
  label: string
  value: number
  onChange(value: number): void
}) {
  return (
    <label>
      {label} {value}%
      <input
        type="range"
        min={0}
        max={100}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </label>
  )
}

function Workbench({
  indexUrl,
  filename,
  report,
}: {
  indexUrl: string
  filename: string
  report: InspectionReport | null
}) {
  const declared = report?.adSize
  const presets = useMemo(
    () => [
      ...(declared
        ? [
            {
              id: `${declared.width}x${declared.height} (ad.size)`,
              ...declared,
              placement: 'inline' as const,
            },
          ]
        : []),
      ...SIZE_PRESETS,
    ],
    [declared],
  )
  const [presetId, setPresetId] = useState(presets[0]!.id)
  const preset = presets.find((p) => p.id === presetId) ?? presets[0]!
  const [placement, setPlacement] = useState<Placement>(preset.placement)
  const [landscape, setLandscape] = useState(false)
  const [viewable, setViewable] = useState(true)
  const [exposure, setExposure] = useState(100)
  const [volume, setVolume] = useState(100)
  const [hostState, setHostState] = useState<HostState>('loading')
  const [resize, setResize] = useState<{
    width: number
    height: number
    offsetX: number
    offsetY: number
  } | null>(null)
  const [log, setLog] = useState<LogLine[]>([])
  const [generation, setGeneration] = useState(0)
  const frame = useRef<HTMLIFrameElement>(null)
  const viewableRef = useRef(viewable)
  viewableRef.current = viewable
  const nextId = useRef(0)

  const screen = landscape ? { width: PHONE.height, height: PHONE.width } : PHONE
  const size = { width: preset.width, height: preset.height }
  const box: Box = adBox(
    hostState,
    placement,
    size,
    { width: Math.max(screen.width, size.width), height: screen.height },
    resize,
  )
  // sdk=1: the entry is served with mraid.js (and MRAID_ENV) injected first, as an app's SDK does.
  const device = `${screen.width}x${screen.height}`
  const src = `${indexUrl}?${new URLSearchParams({ placement, sdk: '1', max: device, screen: device })}`

  const append = useCallback((kind: string, text: string) => {
    setLog((lines) => [...lines.slice(-(MAX_LOG_LINES - 1)), { id: nextId.current++, kind, text }])
  }, [])

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only the creative's own frame speaks to the workbench.
      if (event.source !== frame.current?.contentWindow || !isHostMessage(event.data)) return
      const message = event.data
      append(message.kind, describeHostMessage(message))
      // A reloaded ad starts viewable: tell it the workbench's setting.
      if (message.kind === 'event' && message.detail.event === 'ready' && !viewableRef.current) {
        frame.current?.contentWindow?.postMessage(
          { source: 'ads-preview-workbench', type: 'viewable', value: false },
          '*',
        )
      }
      if (message.kind === 'event' && message.detail.event === 'stateChange') {
        setHostState((message.detail.args as HostState[])[0] ?? 'default')
      }
      if (message.kind === 'call' && message.detail.method === 'setResizeProperties') {
        const [properties] = message.detail.args as [
          { width: number; height: number; offsetX: number; offsetY: number },
        ]
        if (properties) setResize(properties)
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [append])

  const send = (type: 'viewable' | 'exposure' | 'volume', value: boolean | number) =>
    frame.current?.contentWindow?.postMessage({ source: 'ads-preview-workbench', type, value }, '*')

  const reload = () => {
    setHostState('loading')
    setResize(null)
    setGeneration((g) => g + 1)
    append('workbench', `reload (${placement}, ${preset.id}, ${landscape ? 'landscape' : 'portrait'})`)
  }

  return (
    <div className="workbench">
      <header className="workbench-header">
        <h1>Workbench</h1>
        <p className="muted">
          {filename} · <Link href="/main">Back to packages</Link> ·{' '}
          <a href={indexUrl} target="_blank" rel="noopener noreferrer">
            Open preview
          </a>
        </p>
      </header>
      <div className="workbench-grid">
        <section className="controls" aria-label="Container settings">
          <label>
            Size
            <select
              value={presetId}
              onChange={(event) => {
                const next = presets.find((p) => p.id === event.target.value)!
                setPresetId(next.id)
                setPlacement(next.placement)
                reload()
              }}
            >
              {presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.id}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>Placement</legend>
            {(['inline', 'interstitial'] as const).map((value) => (
              <label key={value} className="inline">
                <input
                  type="radio"
                  name="placement"
                  checked={placement === value}
                  onChange={() => {
                    setPlacement(value)
                    reload()
                  }}
                />{' '}
                {value}
              </label>
            ))}
          </fieldset>
          <label className="inline">
            <input
              type="checkbox"
              checked={landscape}
              onChange={(event) => setLandscape(event.target.checked)}
            />{' '}
            Landscape
          </label>
          <label className="inline">
            <input
              type="checkbox"
              checked={viewable}
              onChange={(event) => {
                setViewable(event.target.checked)
                setExposure(event.target.checked ? 100 : 0)
                send('viewable', event.target.checked)
              }}
            />{' '}
            Viewable
          </label>
          <PercentSlider
            label="Exposure"
            value={exposure}
            onChange={(value) => {
              setExposure(value)
              send('exposure', value)
            }}
          />
          <PercentSlider
            label="Volume"
            value={volume}
            onChange={(value) => {
              setVolume(value)
              send('volume', value)
            }}
          />
          <p className="state">
            State: <strong data-testid="mraid-state">{hostState}</strong>
          </p>
          <button type="button" className="button small" onClick={reload}>
            Reload ad
          </button>
        </section>

        <section className="device" aria-label="Device">
          <div
            className="screen"
            style={{ width: Math.max(screen.width, size.width), height: screen.height }}
          >
            <iframe
              key={`${generation}-${src}`}
              ref={frame}
              title={`Creative ${filename}`}
              src={src}
              sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms"
              style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
            />
          </div>
        </section>

        <section className="side" aria-label="Console and inspection">
          <div className="console-header">
            <h2>Console</h2>
            <button type="button" className="button small" onClick={() => setLog([])}>
              Clear
            </button>
          </div>
          <ol className="console" aria-live="polite" data-testid="workbench-console">
            {log.map((line) => (
              <li key={line.id} className={`line ${line.kind}`}>
                <span className="kind">{line.kind}</span> {line.text}
              </li>
            ))}
          </ol>
          <h2>Inspection</h2>
          {report ? (
            <ul className="report">
              {report.issues.length === 0 && <li>No issues.</li>}
              {report.issues.map((issue) => (
                <li key={`${issue.rule}-${issue.file ?? ''}-${issue.message}`} className={issue.severity}>
                  <span className="kind">{issue.severity}</span> {issue.message}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No inspection report.</p>
          )}
        </section>
      </div>
    </div>
  )
}

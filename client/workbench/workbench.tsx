// The QA workbench: the creative in a device frame, driven like an app's container (SDK,
// device, placement, size, orientation, viewability, exposure, volume; use-container.ts), with a
// live console of what the MRAID host saw, a live session that adds phones' runs to it
// (live/), and the side panels (panels/side-panels.ts) beside it.
import { useMemo, useState } from 'react'
import { Link } from 'wouter'
import type { Package } from '../../shared/api.ts'
import type { InspectionReport } from '../../shared/inspector/types.ts'
import { ROUTES } from '../../shared/paths.ts'
import { ConsolePanel } from './console-panel.tsx'
import { ContainerControls } from './container-controls.tsx'
import { DeviceView } from './device-view.tsx'
import { LivePanel } from './live/live-panel.tsx'
import { useLiveSession } from './live/use-live-session.ts'
import { SIDE_PANELS } from './panels/side-panels.ts'
import { useContainer } from './use-container.ts'
import { HERE } from './use-host-run.ts'
import './workbench.css'

export function Workbench({ pkg, inspection }: { pkg: Package; inspection: InspectionReport | null }) {
  const [origin] = useState(() => Date.now())
  const container = useContainer(pkg.index_url, inspection, Date.now)
  const { run, launch } = container
  const live = useLiveSession(pkg.uuid)
  // One clock: this run's lines and the phones' interleaved by time.
  const lines = useMemo(() => [...run.log, ...live.lines].sort((a, b) => a.at - b.at), [run.log, live.lines])
  return (
    <div className="workbench">
      <header className="workbench-header">
        <h1>Workbench</h1>
        <p className="muted">
          {pkg.filename} · <Link href={ROUTES.main}>Back to packages</Link> ·{' '}
          <a href={pkg.index_url} target="_blank" rel="noopener noreferrer">
            Open preview
          </a>
        </p>
      </header>
      <div className="workbench-grid">
        <ContainerControls
          presets={container.presets}
          settings={container.settings}
          hostState={run.hostState}
          locked={container.locked}
          on={container.on}
        />
        <DeviceView
          device={container.device}
          box={container.box}
          src={launch.src}
          frameKey={`${run.generation}-${launch.src}`}
          frame={run.frame}
          hidden={run.hostState === 'hidden'}
          title={`Creative ${pkg.filename}`}
        />
        <section className="side" aria-label="Console and inspection">
          <LivePanel live={live} />
          <ConsolePanel
            lines={lines}
            sources={[HERE, ...live.sources]}
            origin={origin}
            filename={pkg.filename}
            onClear={() => {
              run.clearLog()
              live.clear()
            }}
          />
          {SIDE_PANELS.map(({ id, title, Panel }) => (
            <section key={id} id={`panel-${id}`} aria-labelledby={`panel-${id}-title`}>
              <h2 id={`panel-${id}-title`}>{title}</h2>
              <Panel pkg={pkg} inspection={inspection} />
            </section>
          ))}
        </section>
      </div>
    </div>
  )
}

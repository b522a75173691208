// The QA workbench: the creative in a device frame, driven like an app's container (placement,
// size, orientation, viewability, exposure, volume), with a live console of what the MRAID host
// saw and the side panels (panels/side-panels.ts) beside it.
import { useMemo, useState } from 'react'
import { Link } from 'wouter'
import type { Package } from '../../shared/api.ts'
import type { InspectionReport } from '../../shared/inspector/types.ts'
import { ConsolePanel } from './console-panel.tsx'
import { ContainerControls, type ContainerSettings } from './container-controls.tsx'
import { DeviceView } from './device-view.tsx'
import { adBox, SIZE_PRESETS, type SizePreset } from './host-messages.ts'
import { SIDE_PANELS } from './panels/side-panels.ts'
import { useHostRun } from './use-host-run.ts'
import './workbench.css'

const PHONE = { width: 390, height: 844 }

export function Workbench({ pkg, inspection }: { pkg: Package; inspection: InspectionReport | null }) {
  const declared = inspection?.adSize
  const presets = useMemo<SizePreset[]>(
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
  const [settings, setSettings] = useState<ContainerSettings>({
    presetId: presets[0]!.id,
    placement: presets[0]!.placement,
    landscape: false,
    viewable: true,
    exposure: 100,
    volume: 100,
  })
  const change = (next: Partial<ContainerSettings>) => setSettings((current) => ({ ...current, ...next }))
  const run = useHostRun({ viewable: settings.viewable })
  const preset = presets.find((p) => p.id === settings.presetId) ?? presets[0]!

  const phone = settings.landscape ? { width: PHONE.height, height: PHONE.width } : PHONE
  const size = { width: preset.width, height: preset.height }
  const screen = { width: Math.max(phone.width, size.width), height: phone.height }
  const box = adBox(run.hostState, settings.placement, size, screen, run.resize)
  // sdk=1: the entry is served with mraid.js (and MRAID_ENV) injected first, as an app's SDK does.
  const device = `${phone.width}x${phone.height}`
  const src = `${pkg.index_url}?${new URLSearchParams({ placement: settings.placement, sdk: '1', max: device, screen: device })}`

  const reload = (next: ContainerSettings = settings) => {
    run.restart()
    run.append(
      'workbench',
      `reload (${next.placement}, ${next.presetId}, ${next.landscape ? 'landscape' : 'portrait'})`,
    )
  }

  return (
    <div className="workbench">
      <header className="workbench-header">
        <h1>Workbench</h1>
        <p className="muted">
          {pkg.filename} · <Link href="/main">Back to packages</Link> ·{' '}
          <a href={pkg.index_url} target="_blank" rel="noopener noreferrer">
            Open preview
          </a>
        </p>
      </header>
      <div className="workbench-grid">
        <ContainerControls
          presets={presets}
          settings={settings}
          hostState={run.hostState}
          onPreset={(next) => {
            const updated = { ...settings, presetId: next.id, placement: next.placement }
            setSettings(updated)
            reload(updated)
          }}
          onPlacement={(placement) => {
            const updated = { ...settings, placement }
            setSettings(updated)
            reload(updated)
          }}
          onLandscape={(landscape) => change({ landscape })}
          onViewable={(viewable) => {
            change({ viewable, exposure: viewable ? 100 : 0 })
            run.send({ type: 'viewable', value: viewable })
          }}
          onExposure={(exposure) => {
            change({ exposure })
            run.send({ type: 'exposure', value: exposure })
          }}
          onVolume={(volume) => {
            change({ volume })
            run.send({ type: 'volume', value: volume })
          }}
          onReload={() => reload()}
        />
        <DeviceView
          screen={screen}
          box={box}
          src={src}
          frameKey={`${run.generation}-${src}`}
          frame={run.frame}
          title={`Creative ${pkg.filename}`}
        />
        <section className="side" aria-label="Console and inspection">
          <ConsolePanel log={run.log} onClear={run.clearLog} />
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

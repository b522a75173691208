// The QA workbench: the creative in a device frame, driven like an app's container (device,
// placement, size, orientation, viewability, exposure, volume), with a live console of what the
// MRAID host saw and the side panels (panels/side-panels.ts) beside it.
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'wouter'
import type { Package } from '../../shared/api.ts'
import type { InspectionReport } from '../../shared/inspector/types.ts'
import type { ContainerCommand } from '../../shared/mraid/host-protocol.ts'
import { ROUTES } from '../../shared/paths.ts'
import { ConsolePanel } from './console-panel.tsx'
import { ContainerControls, type ContainerSettings } from './container-controls.tsx'
import { creativeUrl } from './creative-url.ts'
import { DeviceView } from './device-view.tsx'
import { DEVICES, type DeviceGeometry, deviceGeometry } from './devices.ts'
import { adBox, SIZE_PRESETS, type SizePreset } from './host-messages.ts'
import { SIDE_PANELS } from './panels/side-panels.ts'
import { useHostRun } from './use-host-run.ts'
import './workbench.css'

const orientationOf = (landscape: boolean) => (landscape ? 'landscape' : 'portrait')

const deviceCommand = (device: DeviceGeometry): ContainerCommand => ({
  type: 'device',
  orientation: device.orientation,
  screen: device.screen,
  maxSize: device.maxSize,
  safeArea: device.safeArea,
})

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
    deviceId: DEVICES[0]!.id,
    presetId: presets[0]!.id,
    placement: presets[0]!.placement,
    landscape: false,
    viewable: true,
    exposure: 100,
    volume: 100,
  })
  const change = (next: Partial<ContainerSettings>) => setSettings((current) => ({ ...current, ...next }))
  const preset = presets.find((p) => p.id === settings.presetId) ?? presets[0]!
  const device = deviceGeometry(settings.deviceId, orientationOf(settings.landscape))
  // A freshly loaded ad hears the container's settings as they are now.
  const run = useHostRun((send) => {
    if (device.orientation !== launch.orientation) send(deviceCommand(device))
    send({ type: 'position', x: box.x, y: box.y })
    if (!settings.viewable) send({ type: 'viewable', value: false })
    else if (settings.exposure !== 100) send({ type: 'exposure', value: settings.exposure })
    if (settings.volume !== 100) send({ type: 'volume', value: settings.volume })
  })
  const size = { width: preset.width, height: preset.height }
  const box = adBox(run.hostState, settings.placement, size, device, run.resize)
  // The address the ad was (re)loaded with; rotating the device does not reload it.
  const [launch, setLaunch] = useState(() => ({
    src: creativeUrl(pkg.index_url, settings.placement, device),
    orientation: device.orientation,
  }))
  const { send } = run
  useEffect(() => send({ type: 'position', x: box.x, y: box.y }), [send, box.x, box.y])

  const reload = (next: ContainerSettings = settings) => {
    const nextDevice = deviceGeometry(next.deviceId, orientationOf(next.landscape))
    setLaunch({
      src: creativeUrl(pkg.index_url, next.placement, nextDevice),
      orientation: nextDevice.orientation,
    })
    run.restart()
    run.append(
      'workbench',
      `reload (${next.placement}, ${next.presetId}, ${next.deviceId}, ${nextDevice.orientation})`,
    )
  }
  const reloadWith = (next: Partial<ContainerSettings>) => {
    const updated = { ...settings, ...next }
    setSettings(updated)
    reload(updated)
  }

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
          devices={DEVICES}
          presets={presets}
          settings={settings}
          hostState={run.hostState}
          onDevice={(deviceId) => reloadWith({ deviceId })}
          onPreset={(next) => reloadWith({ presetId: next.id, placement: next.placement })}
          onPlacement={(placement) => reloadWith({ placement })}
          onLandscape={(landscape) => {
            change({ landscape })
            // The app rotates: the host hears the new device, then the web view is resized.
            send(deviceCommand(deviceGeometry(settings.deviceId, orientationOf(landscape))))
          }}
          onViewable={(viewable) => {
            change({ viewable, exposure: viewable ? 100 : 0 })
            send({ type: 'viewable', value: viewable })
          }}
          onExposure={(exposure) => {
            change({ exposure })
            send({ type: 'exposure', value: exposure })
          }}
          onVolume={(volume) => {
            change({ volume })
            send({ type: 'volume', value: volume })
          }}
          onReload={() => reload()}
        />
        <DeviceView
          device={device}
          box={box}
          src={launch.src}
          frameKey={`${run.generation}-${launch.src}`}
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

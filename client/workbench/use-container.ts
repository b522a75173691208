// The workbench as the app's container: its settings, the device they make, where the ad's web
// view sits, and what the container tells the ad when a setting changes. A change of SDK,
// device, size or placement reloads the ad (an app would show a new one); rotating the device
// and changing viewability, exposure or volume tell the running ad, as an SDK does.
import { useEffect, useMemo, useState } from 'react'
import type { InspectionReport } from '../../shared/inspector/types.ts'
import type { HostProfileId } from '../../shared/mraid/host-profiles.ts'
import type { ContainerCommand } from '../../shared/mraid/host-protocol.ts'
import { type ContainerSettings, initialSettings, sizePresets, withProfile } from './container-settings.ts'
import { creativeUrl } from './creative-url.ts'
import { type DeviceGeometry, deviceGeometry } from './devices.ts'
import { adBox, type Placement, type SizePreset } from './host-messages.ts'
import { useHostRun } from './use-host-run.ts'

const geometryOf = (settings: ContainerSettings) =>
  deviceGeometry(settings.deviceId, settings.landscape ? 'landscape' : 'portrait')

const deviceCommand = (device: DeviceGeometry): ContainerCommand => ({
  type: 'device',
  orientation: device.orientation,
  screen: device.screen,
  maxSize: device.maxSize,
  safeArea: device.safeArea,
})

export function useContainer(indexUrl: string, inspection: InspectionReport | null, now: () => number) {
  const presets = useMemo(() => sizePresets(inspection?.adSize), [inspection?.adSize])
  const [settings, setSettings] = useState<ContainerSettings>(() => initialSettings(presets))
  const change = (next: Partial<ContainerSettings>) => setSettings((current) => ({ ...current, ...next }))
  const preset = presets.find((p) => p.id === settings.presetId) ?? presets[0]!
  const device = geometryOf(settings)
  // The address the ad was (re)loaded with, and the orientation it was loaded in.
  const launchOf = (next: ContainerSettings) => ({
    src: creativeUrl(indexUrl, { ...next, device: geometryOf(next) }),
    orientation: geometryOf(next).orientation,
  })
  const [launch, setLaunch] = useState(() => launchOf(settings))
  /** The ad locked the device's orientation (an interstitial or expanded ad forcing one). */
  const [locked, setLocked] = useState(false)
  const rotate = (landscape: boolean) => {
    change({ landscape })
    // The app rotates: the host hears the new device, then the web view is resized.
    send(deviceCommand(geometryOf({ ...settings, landscape })))
  }
  const run = useHostRun(
    // A freshly loaded ad hears the container's settings as they are now.
    (send) => {
      if (device.orientation !== launch.orientation) send(deviceCommand(device))
      send({ type: 'position', x: box.x, y: box.y })
      if (!settings.viewable) send({ type: 'viewable', value: false })
      else if (settings.exposure !== 100) send({ type: 'exposure', value: settings.exposure })
      if (settings.volume !== 100) send({ type: 'volume', value: settings.volume })
    },
    // An ad that forces an orientation turns the device, as the SDK turns the app, and locks it.
    (report) => {
      setLocked(report.locked === true)
      if (report.forced && (report.forced === 'landscape') !== settings.landscape)
        rotate(report.forced === 'landscape')
    },
    now,
  )
  const box = adBox(
    run.hostState,
    settings.placement,
    { width: preset.width, height: preset.height },
    device,
    run.resize,
  )
  const { send } = run
  useEffect(() => send({ type: 'position', x: box.x, y: box.y }), [send, box.x, box.y])

  const reloadWith = (next: Partial<ContainerSettings> = {}) => {
    const updated = { ...settings, ...next }
    setSettings(updated)
    setLaunch(launchOf(updated))
    setLocked(false)
    run.restart()
    run.append(
      'workbench',
      `reload (${updated.profileId}, ${updated.placement}, ${updated.presetId}, ${updated.deviceId}, ${geometryOf(updated).orientation})`,
    )
  }

  return {
    presets,
    settings,
    device,
    box,
    launch,
    run,
    locked,
    on: {
      profile: (profileId: HostProfileId) => reloadWith(withProfile(settings, profileId)),
      device: (deviceId: string) => reloadWith({ deviceId }),
      preset: (next: SizePreset) => reloadWith({ presetId: next.id, placement: next.placement }),
      placement: (placement: Placement) => reloadWith({ placement }),
      reload: () => reloadWith(),
      landscape: rotate,
      viewable: (viewable: boolean) => {
        change({ viewable, exposure: viewable ? 100 : 0 })
        send({ type: 'viewable', value: viewable })
      },
      exposure: (exposure: number) => {
        change({ exposure })
        send({ type: 'exposure', value: exposure })
      },
      volume: (volume: number) => {
        change({ volume })
        send({ type: 'volume', value: volume })
      },
    },
  }
}

export type ContainerHandlers = ReturnType<typeof useContainer>['on']

// The app's side of the container: the ad's size and placement, the device's orientation, and
// what the app tells the ad (viewability, exposure, volume).
import type { Device } from './devices.ts'
import type { HostState, Placement, SizePreset } from './host-messages.ts'
import { PercentSlider } from './percent-slider.tsx'

export interface ContainerSettings {
  deviceId: string
  presetId: string
  placement: Placement
  landscape: boolean
  viewable: boolean
  exposure: number
  volume: number
}

export function ContainerControls({
  devices,
  presets,
  settings,
  hostState,
  onDevice,
  onPreset,
  onPlacement,
  onLandscape,
  onViewable,
  onExposure,
  onVolume,
  onReload,
}: {
  devices: readonly Device[]
  presets: readonly SizePreset[]
  settings: ContainerSettings
  hostState: HostState
  onDevice(deviceId: string): void
  onPreset(preset: SizePreset): void
  onPlacement(placement: Placement): void
  onLandscape(landscape: boolean): void
  onViewable(viewable: boolean): void
  onExposure(exposure: number): void
  onVolume(volume: number): void
  onReload(): void
}) {
  return (
    <section className="controls" aria-label="Container settings">
      <Choice
        label="Device"
        value={settings.deviceId}
        options={devices.map((d) => ({ value: d.id, label: d.name }))}
        onChange={onDevice}
      />
      <Choice
        label="Size"
        value={settings.presetId}
        options={presets.map((p) => ({ value: p.id, label: p.id }))}
        onChange={(id) => onPreset(presets.find((p) => p.id === id)!)}
      />
      <fieldset>
        <legend>Placement</legend>
        {(['inline', 'interstitial'] as const).map((value) => (
          <label key={value} className="inline">
            <input
              type="radio"
              name="placement"
              checked={settings.placement === value}
              onChange={() => onPlacement(value)}
            />{' '}
            {value}
          </label>
        ))}
      </fieldset>
      <Checkbox label="Landscape" checked={settings.landscape} onChange={onLandscape} />
      <Checkbox label="Viewable" checked={settings.viewable} onChange={onViewable} />
      <PercentSlider label="Exposure" value={settings.exposure} onChange={onExposure} />
      <PercentSlider label="Volume" value={settings.volume} onChange={onVolume} />
      <p className="state">
        State: <strong data-testid="mraid-state">{hostState}</strong>
      </p>
      <button type="button" className="button small" onClick={onReload}>
        Reload ad
      </button>
    </section>
  )
}

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean
  onChange(checked: boolean): void
}) {
  return (
    <label className="inline">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  )
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string
  options: { value: string; label: string }[]
  onChange(value: string): void
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}

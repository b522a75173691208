// The app's side of the container: the ad's size and placement, the device's orientation, and
// what the app tells the ad (viewability, exposure, volume).
import type { HostState, Placement, SizePreset } from './host-messages.ts'
import { PercentSlider } from './percent-slider.tsx'

export interface ContainerSettings {
  presetId: string
  placement: Placement
  landscape: boolean
  viewable: boolean
  exposure: number
  volume: number
}

export function ContainerControls({
  presets,
  settings,
  hostState,
  onPreset,
  onPlacement,
  onLandscape,
  onViewable,
  onExposure,
  onVolume,
  onReload,
}: {
  presets: readonly SizePreset[]
  settings: ContainerSettings
  hostState: HostState
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
      <label>
        Size
        <select
          value={settings.presetId}
          onChange={(event) => onPreset(presets.find((p) => p.id === event.target.value)!)}
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

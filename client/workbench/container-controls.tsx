// The app's side of the container: the SDK it plays, the device, the ad's size and placement,
// the device's orientation, and what the app tells the ad (viewability, exposure, volume).
import { HOST_PROFILE_IDS, HOST_PROFILES } from '../../shared/mraid/host-profiles.ts'
import type { ContainerSettings } from './container-settings.ts'
import { DEVICES } from './devices.ts'
import type { HostState, SizePreset } from './host-messages.ts'
import { PercentSlider } from './percent-slider.tsx'
import type { ContainerHandlers } from './use-container.ts'

export function ContainerControls({
  presets,
  settings,
  hostState,
  locked,
  on,
}: {
  presets: readonly SizePreset[]
  settings: ContainerSettings
  hostState: HostState
  /** The ad locked the orientation: the app does not turn until it lets go. */
  locked: boolean
  on: ContainerHandlers
}) {
  const profile = HOST_PROFILES[settings.profileId]
  return (
    <section className="controls" aria-label="Container settings">
      <Choice
        label="SDK"
        value={settings.profileId}
        options={HOST_PROFILE_IDS.map((id) => ({ value: id, label: HOST_PROFILES[id].name }))}
        onChange={(id) => on.profile(id as ContainerSettings['profileId'])}
      />
      <p className="profile-summary muted" data-testid="profile-summary" title={profile.source}>
        MRAID {profile.version}
        {profile.env ? `, MRAID_ENV "${String(profile.env.sdk)}"` : ', no MRAID_ENV'}
        {profile.location === -1 ? ', getLocation() -1' : ', a test location'}
        {profile.closeDelaySeconds > 0 ? `, close after ${profile.closeDelaySeconds} s` : ''}
        {profile.shownAfterReady ? ', shown after ready' : ''}
      </p>
      <Choice
        label="Device"
        value={settings.deviceId}
        options={DEVICES.map((d) => ({ value: d.id, label: d.name }))}
        onChange={on.device}
      />
      <Choice
        label="Size"
        value={settings.presetId}
        options={presets.map((p) => ({ value: p.id, label: p.id }))}
        onChange={(id) => on.preset(presets.find((p) => p.id === id)!)}
      />
      <fieldset>
        <legend>Placement</legend>
        {(['inline', 'interstitial'] as const).map((value) => (
          <label key={value} className="inline">
            <input
              type="radio"
              name="placement"
              checked={settings.placement === value}
              onChange={() => on.placement(value)}
            />{' '}
            {value}
          </label>
        ))}
      </fieldset>
      <Checkbox label="Landscape" checked={settings.landscape} disabled={locked} onChange={on.landscape} />
      {locked ? (
        <p className="muted" data-testid="orientation-lock">
          Orientation locked by the ad
        </p>
      ) : null}
      <Checkbox label="Viewable" checked={settings.viewable} onChange={on.viewable} />
      <PercentSlider label="Exposure" value={settings.exposure} onChange={on.exposure} />
      <PercentSlider label="Volume" value={settings.volume} onChange={on.volume} />
      <p className="state">
        State: <strong data-testid="mraid-state">{hostState}</strong>
      </p>
      <button type="button" className="button small" onClick={on.reload}>
        Reload ad
      </button>
    </section>
  )
}

function Checkbox({
  label,
  checked,
  disabled = false,
  onChange,
}: {
  label: string
  checked: boolean
  disabled?: boolean
  onChange(checked: boolean): void
}) {
  return (
    <label className="inline">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />{' '}
      {label}
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

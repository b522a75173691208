// The delivery targets' profiles, loaded the first time the list needs them (a target in the
// address, or the toolbar's target filter) rather than with /main's first screen: their checks
// are most of their code, and the list without a target filter never reads them.
import { use, useEffect, useState } from 'react'

type Profiles = typeof import('../../shared/targets/profiles/index.ts')

let loaded: Profiles | undefined
let loading: Promise<Profiles> | undefined

function loadProfiles(): Promise<Profiles> {
  loading ??= import('../../shared/targets/profiles/index.ts').then((profiles) => {
    loaded = profiles
    return profiles
  })
  return loading
}

/** Every known target id; suspends while they load when `needed`, else [] until they have loaded. */
export function useKnownTargetIds(needed: boolean): readonly string[] {
  const profiles = loaded ?? (needed ? use(loadProfiles()) : undefined)
  return profiles ? profiles.TARGET_PROFILES.map((profile) => profile.id) : []
}

/** The profiles of `ids` that exist, once loaded (none until then: a fraction of a second). */
export function useTargetProfiles(ids: readonly string[]): Profiles['TARGET_PROFILES'][number][] {
  const [profiles, setProfiles] = useState(loaded)
  useEffect(() => {
    let current = true
    void loadProfiles().then((found) => current && setProfiles(found))
    return () => {
      current = false
    }
  }, [])
  return profiles ? profiles.findProfiles(ids).profiles : []
}

// docs/architecture.md shows the profiles and the behaviours every profile shares, each with its
// source: the tables say what shared/mraid/ says, row for row.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { HOST_BEHAVIOURS } from './host-behaviours.ts'
import { HOST_PROFILE_IDS, HOST_PROFILES } from './host-profiles.ts'

const docs = fs.readFileSync(path.join(import.meta.dirname, '../../docs/architecture.md'), 'utf8')
const rows = docs.split('\n').filter((line) => line.startsWith('| '))

it('names the source of every behaviour the profiles share', () => {
  for (const { behaviour, source } of HOST_BEHAVIOURS) expect(rows).toContain(`| ${behaviour} | ${source} |`)
})

it('names each profile’s source and what it does with expand and resize of an interstitial', () => {
  for (const id of HOST_PROFILE_IDS) {
    const profile = HOST_PROFILES[id]
    expect(rows).toContain(`| ${profile.name} | ${profile.source} |`)
    const row = rows.find((line) => line.startsWith(`| ${profile.name} | ${profile.version} |`))
    expect(row?.split(' | ')[5]).toBe(profile.interstitialExpandResize === 'error' ? 'an `error`' : 'ignored')
  }
})

// The README's relative links (the screenshots, the OpenAPI document, ...) lead to files that exist.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../server/platform/project-root.ts'

const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8')
const links = [...readme.matchAll(/\]\(([^)#\s]+)\)/g)]
  .map((match) => match[1]!)
  .filter((target) => !/^[a-z]+:/i.test(target))

describe('README links', () => {
  it('lists the screenshots of every main screen at 1440 and 390 px', () => {
    const shots = links.filter((target) => target.startsWith('docs/screenshots/'))
    expect(shots.length).toBeGreaterThanOrEqual(20)
    for (const width of [1440, 390])
      expect(shots.filter((s) => s.endsWith(`-${width}.png`)).length).toBe(shots.length / 2)
  })

  it.each(links)('%s exists', (target) => {
    expect(fs.existsSync(path.join(PROJECT_ROOT, target))).toBe(true)
  })
})

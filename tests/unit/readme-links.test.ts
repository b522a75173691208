// The documentation's relative links (README.md, SECURITY.md, docs/ and bench/README.md: the
// screenshots, the OpenAPI document, one page to another) lead to files that exist, and a link
// to a heading of a page leads to a heading that page has.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../server/platform/project-root.ts'

const PAGES = [
  'README.md',
  'SECURITY.md',
  'bench/README.md',
  ...(fs.readdirSync(path.join(PROJECT_ROOT, 'docs'), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
]

/** A page without its fenced blocks: a link or a heading inside a code sample is neither. */
const prose = (page: string) =>
  fs.readFileSync(path.join(PROJECT_ROOT, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '')

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
const anchors = (page: string) =>
  [...prose(page).matchAll(/^#+ (.+)$/gm)].map((match) =>
    match[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replaceAll(' ', '-'),
  )

// Markdown links and images, and <img src>: each with the page it is on, the file it names
// (from the project's root) and the heading it names, if any.
const links = PAGES.flatMap((page) =>
  [...prose(page).matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)|<img src="([^"#]+)"/g)]
    .map((match) => ({ page, target: match[1] ?? match[3]!, anchor: match[2] }))
    .filter(({ target }) => !/^[a-z]+:/i.test(target))
    .map(({ page, target, anchor }) => ({
      page,
      file: target === '' ? page : path.join(path.dirname(page), target),
      anchor,
    })),
)

describe('documentation links', () => {
  it('reads every page', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['docs/configuration.md', 'docs/self-hosting.md']))
  })

  it('lists the screenshots of every main screen at 1440 and 390 px', () => {
    const shots = links
      .filter(({ page, file }) => page === 'docs/screens.md' && file.startsWith('docs/screenshots/'))
      .map(({ file }) => file)
    expect(shots.length).toBeGreaterThanOrEqual(20)
    for (const width of [1440, 390])
      expect(shots.filter((s) => s.endsWith(`-${width}.png`)).length).toBe(shots.length / 2)
  })

  it.each(links)('$page -> $file#$anchor exists', ({ file, anchor }) => {
    expect(fs.existsSync(path.join(PROJECT_ROOT, file))).toBe(true)
    if (anchor && file.endsWith('.md')) expect(anchors(file)).toContain(anchor)
  })
})

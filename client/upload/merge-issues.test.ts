import { describe, expect, it } from 'vitest'
import type { InspectionReport } from '../../shared/inspector/types.ts'
import { mergeIssues } from './merge-issues.ts'

const report = (issues: InspectionReport['issues']) => ({ issues }) as InspectionReport

describe('mergeIssues', () => {
  const browser = report([
    { rule: 'mraid.not-referenced', severity: 'error', message: 'index.html does not load mraid.js' },
    { rule: 'network.external', severity: 'warning', message: 'index.html loads https://x.example/a.png' },
    { rule: 'structure.unused', severity: 'info', message: 'unused.txt is never used by the ad' },
  ])

  it('keeps the server lines in the banner and lists in the card only what the banner does not', () => {
    expect(mergeIssues(['index.html does not load mraid.js'], browser)).toEqual({
      banner: [{ severity: 'error', message: 'index.html does not load mraid.js' }],
      card: [{ severity: 'warning', message: 'index.html loads https://x.example/a.png' }],
    })
  })

  it('marks a server line the browser did not find as an error, and lists everything before the server answers', () => {
    expect(mergeIssues(['a server-only finding'], null).banner).toEqual([
      { severity: 'error', message: 'a server-only finding' },
    ])
    expect(mergeIssues([], browser).card.map((issue) => issue.severity)).toEqual(['error', 'warning'])
  })
})

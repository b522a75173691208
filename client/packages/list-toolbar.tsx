// Search, sort and filters above the list, and how many packages it holds.
import { useEffect, useId, useState } from 'react'
import { NO_AD_SIZE, type PackageSort, type SortOrder } from '../../shared/package-list-choices.ts'
import { REVIEW_STATES } from '../../shared/review-choices.ts'
import { REVIEW_STATE_WORDS } from '../reviews/review-words.ts'
import type { ListView } from './list-view.ts'
import { useTargetProfiles } from './target-profiles.ts'

const SORT_CHOICES: { label: string; sort: PackageSort; order: SortOrder }[] = [
  { label: 'Newest first', sort: 'created', order: 'desc' },
  { label: 'Oldest first', sort: 'created', order: 'asc' },
  { label: 'Name A–Z', sort: 'name', order: 'asc' },
  { label: 'Name Z–A', sort: 'name', order: 'desc' },
  { label: 'Largest first', sort: 'size', order: 'desc' },
  { label: 'Smallest first', sort: 'size', order: 'asc' },
]

/** Typing waits this long before the list asks the server again. */
const SEARCH_DELAY_MS = 250

export interface AdSizeCount {
  adSize: string | null
  count: number
}

const REVIEW_CHOICES = [
  { label: 'Any review state', review: '' },
  ...REVIEW_STATES.map((review) => ({ label: REVIEW_STATE_WORDS[review], review })),
] as const

const VERDICT_CHOICES = [
  { label: 'Any verdict', verdict: '' },
  { label: 'Fails', verdict: 'fail' },
  { label: 'Warnings', verdict: 'warn' },
  { label: 'Passes', verdict: 'pass' },
] as const

export function ListToolbar({
  view,
  onChange,
  adSizes,
  targets,
}: {
  view: ListView
  onChange(change: Partial<ListView>): void
  adSizes: readonly AdSizeCount[]
  /** DEFAULT_TARGETS: the targets the badge judges (a target from the address is added). */
  targets: readonly string[]
}) {
  const id = useId()
  const profiles = useTargetProfiles([...new Set([...targets, ...(view.target ? [view.target] : [])])])
  const [search, setSearch] = useState(view.search)
  // The address can change under the box (back button, Clear): the box follows it.
  useEffect(() => setSearch(view.search), [view.search])
  useEffect(() => {
    if (search === view.search) return
    const timer = setTimeout(() => onChange({ search }), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search, view.search, onChange])

  return (
    <search className="list-toolbar">
      <label className="field search-field" htmlFor={`${id}-search`}>
        Search
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Part of a filename"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <label className="field" htmlFor={`${id}-sort`}>
        Sort
        <select
          id={`${id}-sort`}
          value={`${view.sort}:${view.order}`}
          onChange={(event) => {
            const choice = SORT_CHOICES.find((c) => `${c.sort}:${c.order}` === event.target.value)
            if (choice) onChange({ sort: choice.sort, order: choice.order })
          }}
        >
          {SORT_CHOICES.map((choice) => (
            <option key={choice.label} value={`${choice.sort}:${choice.order}`}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-ad-size`}>
        Ad size
        <select
          id={`${id}-ad-size`}
          value={view.adSize}
          onChange={(event) => onChange({ adSize: event.target.value })}
        >
          <option value="">All sizes</option>
          {adSizes.map(({ adSize, count }) => (
            <option key={adSize ?? NO_AD_SIZE} value={adSize ?? NO_AD_SIZE}>
              {adSize ?? 'No ad.size'} ({count.toLocaleString('en')})
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-verdict`}>
        Verdict
        <select
          id={`${id}-verdict`}
          value={view.verdict}
          onChange={(event) =>
            onChange({
              verdict: VERDICT_CHOICES.find((c) => c.verdict === event.target.value)?.verdict ?? '',
            })
          }
        >
          {VERDICT_CHOICES.map((choice) => (
            <option key={choice.verdict} value={choice.verdict}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-target`}>
        Target
        {/* The verdict is the badge's over every chosen target, or one target's. */}
        <select
          id={`${id}-target`}
          value={view.verdict ? view.target : ''}
          disabled={!view.verdict}
          onChange={(event) => onChange({ target: event.target.value })}
        >
          <option value="">All {targets.length} targets</option>
          {profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-review`}>
        Review
        <select
          id={`${id}-review`}
          value={view.review}
          onChange={(event) =>
            onChange({ review: REVIEW_CHOICES.find((c) => c.review === event.target.value)?.review ?? '' })
          }
        >
          {REVIEW_CHOICES.map((choice) => (
            <option key={choice.review} value={choice.review}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
    </search>
  )
}

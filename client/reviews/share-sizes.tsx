// The sizes a review link shows its ads at: each ad's own declared size always, and any of the
// standard IAB sizes or a custom WxH the sharer adds (REVIEW_LIMITS.sizesPerLink at most).
import { useId, useState } from 'react'
import { REVIEW_LIMITS, REVIEW_STANDARD_SIZES, reviewSizeSchema } from '../../shared/review.ts'

/** The custom size typed, as `WxH` (spaces and × allowed while typing), or why it is not one. */
function customSize(typed: string): { size: string } | { problem: string } {
  const size = typed.toLowerCase().replace(/\s/g, '').replace('×', 'x')
  if (reviewSizeSchema.safeParse(size).success) return { size }
  const { min, max } = REVIEW_LIMITS.sizeSide
  return { problem: `Give a size as width x height, each from ${min} to ${max} px (for example 320x50).` }
}

export function ShareSizes({ sizes, onChange }: { sizes: string[]; onChange(sizes: string[]): void }) {
  const id = useId()
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const full = sizes.length >= REVIEW_LIMITS.sizesPerLink
  const offered = [
    ...REVIEW_STANDARD_SIZES,
    ...sizes.filter((s) => !(REVIEW_STANDARD_SIZES as readonly string[]).includes(s)),
  ]
  const add = () => {
    const found = customSize(typed)
    if ('problem' in found) return setProblem(found.problem)
    setProblem(null)
    setTyped('')
    if (!sizes.includes(found.size)) onChange([...sizes, found.size])
  }
  return (
    <fieldset className="share-devices share-sizes">
      <legend>Sizes (each ad's own size is always shown; add up to {REVIEW_LIMITS.sizesPerLink})</legend>
      {offered.map((size) => (
        <label key={size} className="check">
          <input
            type="checkbox"
            checked={sizes.includes(size)}
            disabled={!sizes.includes(size) && full}
            onChange={(event) =>
              onChange(event.target.checked ? [...sizes, size] : sizes.filter((s) => s !== size))
            }
          />
          {size}
        </label>
      ))}
      <div className="custom">
        <label className="field" htmlFor={`${id}-custom`}>
          Custom size
          <input
            id={`${id}-custom`}
            placeholder="WxH"
            value={typed}
            disabled={full}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return
              event.preventDefault()
              add()
            }}
          />
        </label>
        <button type="button" className="button small" disabled={full || typed.trim() === ''} onClick={add}>
          Add size
        </button>
      </div>
      {problem && (
        <p className="banner error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  )
}

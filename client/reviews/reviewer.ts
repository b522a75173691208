// Who the reviewer says they are (no account): asked once, kept in this browser for the next link.
import { useState } from 'react'

export interface Reviewer {
  name: string
  email: string
}

const KEY = 'ads-preview.reviewer'

function read(): Reviewer {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Reviewer>
    return { name: saved.name ?? '', email: saved.email ?? '' }
  } catch {
    return { name: '', email: '' }
  }
}

export function useReviewer(): [Reviewer, (next: Reviewer) => void] {
  const [reviewer, setReviewer] = useState(read)
  return [
    reviewer,
    (next) => {
      setReviewer(next)
      localStorage.setItem(KEY, JSON.stringify(next))
    },
  ]
}

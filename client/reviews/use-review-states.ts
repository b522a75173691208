// The list's review badges: one call for the rows shown.
import { useQuery } from '@tanstack/react-query'
import type { ReviewState } from '../../shared/review.ts'
import { useTRPC } from '../api/trpc.ts'

export function useReviewStates(uuids: string[]): Record<string, ReviewState> {
  const trpc = useTRPC()
  const states = useQuery({ ...trpc.reviews.states.queryOptions({ uuids }), enabled: uuids.length > 0 })
  return states.data ?? {}
}

// The list's verdict badges, one call for the rows shown; asked again every few seconds while a
// runtime audit is queued or running, so a badge changes when the audit ends.
import { useQuery } from '@tanstack/react-query'
import type { VerdictBadge } from '../../shared/targets/types.ts'
import { useTRPC } from '../api/trpc.ts'
import { auditPending } from './verdict-words.ts'

const WHILE_AUDITING_MS = 3000

export function useTargetBadges(uuids: string[]): Record<string, VerdictBadge> {
  const trpc = useTRPC()
  const badges = useQuery({
    ...trpc.targets.badges.queryOptions({ uuids }),
    enabled: uuids.length > 0,
    refetchInterval: (query) =>
      Object.values(query.state.data?.badges ?? {}).some((badge) => auditPending(badge.audit))
        ? WHILE_AUDITING_MS
        : false,
  })
  return badges.data?.badges ?? {}
}

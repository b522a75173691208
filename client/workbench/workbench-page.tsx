// The QA workbench's route: loads the package and its inspection, then shows the workbench.
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'wouter'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import { Workbench } from './workbench.tsx'

export function WorkbenchPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const trpc = useTRPC()
  const query = useQuery(trpc.packages.get.queryOptions({ uuid }))
  if (query.error) {
    return (
      <div className="banner error" role="alert">
        {toApiError(query.error).message}
      </div>
    )
  }
  if (!query.data)
    return (
      <p className="loading" role="status">
        Loading
      </p>
    )
  return <Workbench pkg={query.data.package} inspection={query.data.inspection} />
}

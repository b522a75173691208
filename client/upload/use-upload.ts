// The upload as the package screen drives it: the reducer, the flow with the real transport
// (tRPC + the signed PUT), and the list cache updated with the created package.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useReducer } from 'react'
import type { PackageList } from '../../shared/api.ts'
import type { UploadMode } from '../../shared/constants.ts'
import { toApiError } from '../api/api-error.ts'
import { putToSignedUrl } from '../api/storage-upload.ts'
import { useTRPC, useTRPCClient } from '../api/trpc.ts'
import { runUpload, type UploadTransport } from './upload-flow.ts'
import { IDLE, uploadReducer } from './upload-state.ts'

export function useUpload() {
  const [state, dispatch] = useReducer(uploadReducer, IDLE)
  const client = useTRPCClient()
  const trpc = useTRPC()
  const queryClient = useQueryClient()

  const start = useCallback(
    async (file: File, mode: UploadMode = 'default') => {
      const transport: UploadTransport = {
        getUploadUrl: (input) => client.upload.getUrl.mutate(input),
        putFile: putToSignedUrl,
        validate: (uuid) => client.upload.validate.mutate({ uuid, requireMraid: true }),
        create: async (uuid) => (await client.packages.create.mutate({ uuid })).package,
        toApiError,
        // A timer, not requestAnimationFrame: a background tab must not stall the upload.
        showStatus: () => new Promise((resolve) => setTimeout(resolve, 30)),
      }
      const created = await runUpload(file, mode, transport, dispatch)
      if (!created) return
      // Spec 4 "Package list": the created package goes first and replaces any entry with its id.
      queryClient.setQueryData<PackageList>(trpc.packages.list.queryKey(), (list) => ({
        packages: [created, ...(list?.packages ?? []).filter((pkg) => pkg.id !== created.id)],
      }))
    },
    [client, queryClient, trpc],
  )

  const cancel = useCallback(() => dispatch({ type: 'cancel' }), [])
  return { state, start, cancel }
}

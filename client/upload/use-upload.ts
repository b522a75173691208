// The upload as the package screen drives it: the reducer, the flow with the real transport
// (tRPC + the signed PUT), and the list cache updated with the created package.
import { useCallback, useReducer, useRef, useState } from 'react'
import type { Package } from '../../shared/api.ts'
import type { UploadMode } from '../../shared/constants.ts'
import { toApiError } from '../api/api-error.ts'
import { putToSignedUrl } from '../api/storage-upload.ts'
import { useTRPCClient } from '../api/trpc.ts'
import { useListCache } from '../packages/use-package-list.ts'
import { runUpload, type UploadTransport } from './upload-flow.ts'
import { IDLE, uploadReducer } from './upload-state.ts'

export function useUpload() {
  const [state, dispatch] = useReducer(uploadReducer, IDLE)
  /** The package the last upload created, until the next drop: the screen says so and marks its row. */
  const [created, setCreated] = useState<Package | null>(null)
  const client = useTRPCClient()
  const listCache = useListCache()
  /** The mode of the last upload started, which a retry repeats. */
  const lastMode = useRef<UploadMode>('default')

  const start = useCallback(
    async (file: File, mode: UploadMode = 'default') => {
      lastMode.current = mode
      setCreated(null)
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
      setCreated(created)
      // The product spec's package list: the created package goes first and replaces any entry with its id.
      listCache.created(created)
    },
    [client, listCache],
  )

  /** Back to idle with nothing kept: a cancel, and every new drop (no state leaks into it). */
  const reset = useCallback(() => {
    dispatch({ type: 'cancel' })
    setCreated(null)
  }, [])
  /** The failed upload again, with the same file and mode (a cut connection, a server that hiccuped). */
  const file = state.fileObject
  const retry = useCallback(() => {
    if (file) void start(file, lastMode.current)
  }, [file, start])
  return { state, created, start, reset, retry }
}

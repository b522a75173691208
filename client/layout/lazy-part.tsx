// Parts of the first screen that only an action opens (a dialog, the question about a taken file
// name, the inspection card after a drop) are not in /main's first load: their code is fetched
// once the first screen is idle, so that the first click does not wait for it, and a part renders
// from the first time it is wanted. Once there, a part stays mounted, so a dialog closes as it
// always did (its exit and its focus return).
import { type ComponentType, lazy, Suspense, useState } from 'react'

/** Runs `task` when the browser has nothing else to do (soon, where it cannot tell). */
function whenIdle(task: () => void): void {
  if (typeof window === 'undefined') return
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 })
  else setTimeout(task, 200)
}

/** The component `name` of `load`, rendered from the first time `isWanted(props)` holds. */
export function lazyPart<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
  isWanted: (props: Props) => boolean = () => true,
): ComponentType<Props> {
  let loading: Promise<Record<Name, ComponentType<Props>>> | undefined
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      // Asked again when next wanted (a network that came back).
      loading = undefined
      throw error
    })
    return loading
  }
  whenIdle(() => void loadOnce().catch(() => undefined))
  const Part = lazy<ComponentType<Props>>(async () => ({ default: (await loadOnce())[name] }))
  return function LazyPart(props: Props) {
    const [wanted, setWanted] = useState(false)
    if (!wanted && isWanted(props)) setWanted(true)
    if (!wanted && !isWanted(props)) return null
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  }
}

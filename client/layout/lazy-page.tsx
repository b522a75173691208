// Screens other than the package list load their code when first opened: /main's first rows do
// not wait for the workbench's, the team screens' and the tokens screen's code, and no chunk of
// the build passes Vite's 500 kB warning limit (the one bundle had reached 512 kB).
import { type ComponentType, lazy, Suspense } from 'react'

/** A page from `load`, with nothing shown while its code arrives (a fraction of a second). */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }))
  return function LazyPage() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    )
  }
}

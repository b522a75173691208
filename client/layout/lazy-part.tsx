// Parts of the first screen that only an action opens (a dialog, the question about a taken file
// name, the inspection card after a drop) load their code the first time they are wanted: /main's
// first rows do not wait for Radix's dialogs, the QR code or the verdict matrix. Once loaded, a
// part stays mounted, so a dialog closes as it always did (its exit and its focus return).
import { type ComponentType, lazy, Suspense, useState } from 'react'

/** The component `name` of `load`, rendered from the first time `isWanted(props)` holds. */
export function lazyPart<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
  isWanted: (props: Props) => boolean = () => true,
): ComponentType<Props> {
  const Part = lazy<ComponentType<Props>>(async () => ({ default: (await load())[name] }))
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

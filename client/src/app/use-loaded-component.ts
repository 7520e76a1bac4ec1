import { useEffect, useState, type ComponentType } from 'react'

/**
 * A component whose code is fetched on demand, without Suspense: undefined until its module has
 * arrived (the caller shows what it likes meanwhile), then the component itself, at once when it
 * had arrived before. A lazy component would suspend on its first render even then, and React
 * shows a Suspense fallback for at least 300 ms (its reveal throttle) — on the console's first
 * page, 300 ms more before the first rows. A failed fetch is thrown to the nearest error boundary
 * (the route's error page, B291), as a lazy component's would be.
 */
export function useLoadedComponent<P>(
  arrived: () => ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> | undefined {
  const [component, setComponent] = useState<ComponentType<P> | undefined>(arrived)
  const [failure, setFailure] = useState<unknown>(undefined)
  useEffect(() => {
    if (component) return
    let live = true
    load().then(
      (loaded) => live && setComponent(() => loaded),
      (error: unknown) => live && setFailure(() => error ?? new Error('The console could not load')),
    )
    return () => {
      live = false
    }
  }, [component, load])
  if (failure !== undefined) throw failure
  return component
}

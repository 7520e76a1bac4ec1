import { lazy, type ComponentType, type ComponentProps } from 'react'
// A type only, erased from the build: the module itself is fetched on demand below.
import type * as SignedInExports from './signed-in.tsx'

type SignedInModule = typeof SignedInExports
export type SignedInComponent = ComponentType<ComponentProps<SignedInModule['default']>>

let arrived: SignedInModule | undefined
let loading: Promise<SignedInModule> | undefined

/**
 * Fetches the signed-in console's code (signed-in.tsx: catalogue, shell, screens' loaders) once.
 * main.tsx starts it at once when a token is stored, in parallel with the token check; the sign-in
 * page starts it in idle time.
 */
export function loadSignedIn(): Promise<SignedInModule> {
  loading ??= import('./signed-in.tsx').then(
    (module) => (arrived = module),
    (error: unknown) => {
      loading = undefined // a failed fetch is tried again by the next caller
      throw error
    },
  )
  return loading
}

const LazySignedIn = lazy(loadSignedIn)

/**
 * The component to mount for the console: the module's own once its code has arrived, else a lazy
 * wrapper. A lazy component suspends on its first render even when its code is there, and React
 * then shows the fallback for at least 300 ms (its Suspense reveal throttle).
 */
export function signedInComponent(): SignedInComponent {
  return arrived?.default ?? LazySignedIn
}

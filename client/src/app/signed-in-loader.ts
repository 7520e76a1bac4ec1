import type { ComponentProps, ComponentType } from 'react'
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

/** The console's component once its code has arrived (see useLoadedComponent). */
export const signedInArrived = (): SignedInComponent | undefined => arrived?.default
export const loadSignedInComponent = (): Promise<SignedInComponent> =>
  loadSignedIn().then((module) => module.default)

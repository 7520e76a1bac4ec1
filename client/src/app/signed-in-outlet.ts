import type { ComponentType } from 'react'
import type { RouteConfig } from '@costlens/shared'

/**
 * What the signed-in console hands its pages through the outlet: the user's route configuration
 * and the component that resolves the address against it (ConsolePages), which comes with the
 * signed-in chunk rather than the first page's code.
 */
export interface SignedInOutlet {
  config: RouteConfig
  Pages: ComponentType
}

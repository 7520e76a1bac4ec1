import { borderClass, type StatusStyle } from '@costlens/shared'

/** A run's status colour: the application statuses' (02 §4 status codes). */
export const runStatusStyle = (code: string): StatusStyle => borderClass(code)

import { Notifications } from '@mantine/notifications'
import { TOAST_POSITION } from '@costlens/shared'

/**
 * Where toasts show (top centre, C05): a module of its own so the container's code (transitions,
 * portal, swipe to dismiss) is a chunk fetched as the first page renders, not before it.
 */
export default function ToastContainer() {
  return <Notifications position={TOAST_POSITION} />
}

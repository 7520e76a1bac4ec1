import { notifications } from '@mantine/notifications'
import { formatMessage, toastDuration, toastPosition, type ToastType } from '@costlens/shared'

export type { ToastType }

const COLORS: Record<ToastType, string> = { error: 'red', info: 'blue', success: 'teal', warning: 'yellow' }

/**
 * Shows a toast (B280: id, type, msg) and returns its id. `brief` asks for the short confirmation
 * duration, honoured for success and info only: errors and warnings must stay long enough to read.
 */
export function showToast(type: ToastType, msg: string, options: { brief?: boolean } = {}): string {
  return notifications.show({
    color: COLORS[type],
    title: type === 'error' ? 'Error' : undefined,
    message: msg,
    // B281, C04: durations and the brief-confirmation rule live in @costlens/shared.
    autoClose: toastDuration(type, options),
  })
}

/** B026: every path change clears every toast. */
export function clearToasts() {
  notifications.clean()
}

/** The setting that turns the optional global error toast on (C25): localStorage key and value. */
export const GLOBAL_ERROR_TOASTS_KEY = 'costlens.globalErrorToasts'

export function globalErrorToastsEnabled(): boolean {
  return localStorage.getItem(GLOBAL_ERROR_TOASTS_KEY) === 'on'
}

/**
 * The optional global error handler (01 §8, M019). Off by default (C25, B290): list, chart and tag
 * fetches fail silently by design, so a toast per failing URL is an operator's debugging aid,
 * turned on with localStorage `costlens.globalErrorToasts = on`. It stays 10 s at the top right,
 * the one exception C05 allows (B282), so it never covers the screen's own top-centre messages.
 */
export function showGlobalErrorToast(url: string, message: string) {
  if (!globalErrorToastsEnabled()) return
  notifications.show({
    color: 'red',
    title: 'Request failed',
    message: formatMessage('M019', { url, message: message.replace(/\.$/, '') }),
    autoClose: toastDuration('error', { source: 'global-error' }),
    position: toastPosition('global-error'),
  })
}

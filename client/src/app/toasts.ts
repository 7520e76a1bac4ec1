import { notifications } from '@mantine/notifications'

/** Toast types (B280). */
export type ToastType = 'error' | 'info' | 'success' | 'warning'

const COLORS: Record<ToastType, string> = { error: 'red', info: 'blue', success: 'teal', warning: 'yellow' }

/**
 * Auto-hide durations (B281, C04): 4000 ms by default, 2500 ms for brief success and info
 * confirmations, 10 s for the global error toast.
 */
export const TOAST_DURATION_MS = { default: 4000, confirmation: 2500, globalError: 10_000 } as const

export function showToast(type: ToastType, msg: string, options: { brief?: boolean } = {}) {
  notifications.show({
    color: COLORS[type],
    title: type === 'error' ? 'Error' : undefined,
    message: msg,
    autoClose:
      options.brief && (type === 'success' || type === 'info')
        ? TOAST_DURATION_MS.confirmation
        : TOAST_DURATION_MS.default,
  })
}

/** B026: every path change clears every toast. */
export function clearToasts() {
  notifications.clean()
}

/**
 * The optional global error handler (01 §8, C25): off by default, because list and chart fetches
 * fail silently by design; an operator turns it on with localStorage `costlens.globalErrorToasts = on`.
 */
export function showGlobalErrorToast(url: string, message: string) {
  if (localStorage.getItem('costlens.globalErrorToasts') !== 'on') return
  notifications.show({
    color: 'red',
    title: `Request failed: ${url}`,
    message: `${message}. Check the service log for details.`,
    autoClose: TOAST_DURATION_MS.globalError,
    position: 'top-right',
  })
}

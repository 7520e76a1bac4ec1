import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications'
import { formatMessage, toastDuration, type MessageId, type ToastType } from '@costlens/shared'
import type { ApiError } from '../../api/base-query.ts'

/**
 * The notices of the details page's controls (02 §4 Yarn kill and move, log loading; 02 §8): one
 * notice per control and app (its `id`), shown 'running' while the call runs and then turned into
 * its outcome, so a user sees one message change rather than a pile of them. The words are
 * messages.ts's M029–M043 (and M087 for the empty queue), never typed here.
 */
const COLORS: Record<ToastType, string> = { error: 'red', info: 'blue', success: 'teal', warning: 'yellow' }

/** Shows the notice, or changes it in place when the same control's notice is still up. */
function upsert(notice: NotificationData & { id: string }) {
  const { notifications: shown, queue } = notificationsStore.getState()
  if ([...shown, ...queue].some((n) => n.id === notice.id)) notifications.update(notice)
  else notifications.show(notice)
}

/** The running notice: a spinner, no auto-close (its outcome replaces it). */
export function runningNotice(id: string, message: MessageId, values: Record<string, string> = {}) {
  upsert({
    id,
    loading: true,
    color: 'blue',
    title: undefined,
    message: formatMessage(message, values),
    autoClose: false,
  })
}

export interface OutcomeOptions {
  /** The server's words, after the sentence. */
  detail?: string
  /** Before the sentence: a log load's failure_message (02 §8 'prefixed by the server message'). */
  prefix?: string
  autoClose?: number
  title?: string
  values?: Record<string, string>
}

/** The outcome of a control: success, info or error, in place of its running notice. */
export function outcomeNotice(id: string, type: ToastType, message: MessageId, options: OutcomeOptions = {}) {
  const text = [options.prefix, formatMessage(message, options.values ?? {}), options.detail]
    .filter(Boolean)
    .join(' ')
  upsert({
    id,
    loading: false,
    color: COLORS[type],
    title: options.title ?? (type === 'error' ? 'Error' : undefined),
    message: text,
    autoClose: options.autoClose ?? toastDuration(type),
  })
}

/** The server's own words for a refused call, to follow the notice's sentence. */
export function serverWords(error: unknown): string | undefined {
  const e = error as ApiError | undefined
  return e?.serverMessage ?? e?.message
}

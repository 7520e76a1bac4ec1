/** The tag every query that shows applications (their status, queue or counts) provides. */
export const APPS_TAG = 'Apps'

/** A read that fails without a toast: the panel that asked shows its own failure with a retry (C25). */
export const SILENT_QUERY = { request: { silent: true } } as const

/**
 * The options of an application-details call: it fails without a toast (C25: each panel shows its
 * own failure with a retry), and it is asked again after a kill or a move, which invalidate
 * `APPS_TAG` (the app's errors, insights, jobs and workflows change with its status).
 */
export const DETAILS_QUERY = { ...SILENT_QUERY, providesTags: [APPS_TAG] } as const

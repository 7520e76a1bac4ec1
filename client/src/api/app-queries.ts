/** The tag every query that shows applications (their status, queue or counts) provides. */
export const APPS_TAG = 'Apps'

/**
 * The options of an application-details call: it fails without a toast (C25: each panel shows its
 * own failure with a retry), and it is asked again after a kill or a move, which invalidate
 * `APPS_TAG` (the app's errors, insights, jobs and workflows change with its status).
 */
export const DETAILS_QUERY = { request: { silent: true }, providesTags: [APPS_TAG] } as const

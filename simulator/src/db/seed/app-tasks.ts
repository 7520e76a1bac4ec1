/**
 * An app's map or reduce tasks as 'succeeded/killed/failed'. Half the apps ran none of a phase
 * (Spark, Impala and Presto have no map or reduce tasks), so the row stores NULL for '0/0/0' and
 * every reader of whole rows reads it back as '0/0/0' (repositories/app-row-as-shown.ts).
 */
export const NO_TASKS = '0/0/0'

/** What the row stores for a phase's task counts. */
export const storedTasks = (tasks: string): string | null => (tasks === NO_TASKS ? null : tasks)

/** The task counts a stored column stands for. */
export const tasksAsShown = (stored: string | null): string => stored ?? NO_TASKS

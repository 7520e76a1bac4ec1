/** Runs a task when the browser is idle (at the latest after 2 s), or soon where it cannot tell. */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 })
  else setTimeout(task, 200)
}

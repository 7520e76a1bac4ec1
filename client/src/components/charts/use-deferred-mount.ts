import { useEffect, useState } from 'react'

/**
 * False on the first render, true from a task of its own after it. A page of small charts (a
 * table of sparklines: 15 rows, 3 lines each) drawn in the render that shows its rows would hold
 * the page for the whole batch, about a second on a laptop and several on a busy machine, with the
 * rows, their count and every click waiting behind it. Each chart deferred this way is drawn in
 * its own task, so the rows show at once and the browser paints and answers input between charts.
 */
export function useDeferredMount(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), 0)
    return () => clearTimeout(timer)
  }, [])
  return mounted
}

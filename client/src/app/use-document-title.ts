import { useEffect } from 'react'
import { pageTitle } from '@costlens/shared'

/** B025: `{title} | costlens` while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = pageTitle(title)
  }, [title])
}

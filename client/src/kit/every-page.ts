import { MAX_RECORDS } from '@costlens/shared'

/** One page of a server list, as a download reads it. */
export interface FetchedPage<R> {
  rows: readonly R[]
  total: number
}

/**
 * Every row of a server-paged list under its current filters, page after page (largest pages the
 * contract allows), up to the 10,000 rows a list may reach (B097): what "download" means on a list
 * whose table holds one page.
 */
export async function everyPage<R>(
  fetchPage: (page: number, pageSize: number) => Promise<FetchedPage<R>>,
  pageSize = 100,
  max = MAX_RECORDS,
): Promise<R[]> {
  const rows: R[] = []
  for (let page = 1; rows.length < max; page += 1) {
    const next = await fetchPage(page, pageSize)
    rows.push(...next.rows)
    if (next.rows.length < pageSize || rows.length >= next.total) break
  }
  return rows.slice(0, max)
}

import { describe, expect, it } from 'vitest'
import { startGrouped, withClusterId } from './base-query.ts'

describe('B283 the cluster id travels in path, query or body', () => {
  it.each([
    [
      'a path placeholder',
      { url: '/api/v1/clusters/{clusterUid}/nodes', clusterUid: 'c 1' },
      { url: '/api/v1/clusters/c%201/nodes' },
    ],
    [
      'the query of a read',
      { url: '/api/v1/jobs/count', params: { a: 1 }, clusterUid: 'c1' },
      { url: '/api/v1/jobs/count', params: { a: 1, clusterUid: 'c1' } },
    ],
    [
      'the body of a POST',
      { url: '/api/v1/apps/unifiedsearch', method: 'POST', body: { from: 0 }, clusterUid: 'c1' },
      { url: '/api/v1/apps/unifiedsearch', method: 'POST', body: { from: 0, clusterUid: 'c1' } },
    ],
    ['nowhere when there is none', { url: '/api/v1/isValidToken' }, { url: '/api/v1/isValidToken' }],
  ])('B283 %s', (_label, request, expected) => {
    expect(withClusterId(request)).toEqual(expected)
  })
})

describe('B285 grouped requests', () => {
  it('B285 starting a request of a group aborts the one in flight, not other groups', () => {
    const page = new AbortController().signal
    const first = startGrouped('chargeback', page)
    const other = startGrouped('tags', page)
    const second = startGrouped('chargeback', page)
    expect(first.signal.aborted).toBe(true)
    expect(second.signal.aborted).toBe(false)
    expect(other.signal.aborted).toBe(false)
    second.done()
    expect(startGrouped('chargeback', page) && second.signal.aborted).toBe(false)
  })

  it('B285 leaving the page aborts the grouped request too', () => {
    const page = new AbortController()
    const grouped = startGrouped('jobs', page.signal)
    page.abort()
    expect(grouped.signal.aborted).toBe(true)
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHARGEBACK_ABORTED } from '@costlens/shared'
import { json, on, signedIn, stubApi } from '../../../test/render.tsx'
import { makeStore, type AppStore } from '../../app/store.ts'
import { chargebackApi, type ChargebackArgs } from './api.ts'

afterEach(() => vi.unstubAllGlobals())

const empty = { cb: [], cbInfo: { from: 0, to: 1, groupBy: ['user'], clusterUid: '*', total: {} } }

/** Answers when the request is aborted, never otherwise. */
const untilAborted = (request: Request) =>
  new Promise<never>((_resolve, reject) => {
    if (request.signal.aborted) reject(request.signal.reason)
    request.signal.addEventListener('abort', () => reject(request.signal.reason))
  })

const search = (store: AppStore, args: ChargebackArgs) =>
  store.dispatch(chargebackApi.endpoints.chargeback.initiate(args, { subscribe: false, forceRefetch: true }))

describe('chargeback calls', () => {
  it('B163 an identical search aborts the earlier one, which raises request-aborted; another does not', async () => {
    let calls = 0
    stubApi(
      on('GET', '/api/v1/search/cb/user', async (request) => {
        calls += 1
        // The first search hangs until something aborts it; the later ones answer.
        if (calls === 1) await untilAborted(request)
        return json(empty)
      }),
      on('GET', '/api/v1/search/cb/queue', () => json(empty)),
    )
    const args: ChargebackArgs = { search: 'cb', groups: ['user'], params: { from: '1', to: '2' } }
    // Two stores: RTK Query already shares one request per cache entry within a store.
    const [first, other, again] = await Promise.all([
      search(makeStore(signedIn()), args),
      search(makeStore(signedIn()), { ...args, groups: ['queue'] }),
      search(makeStore(signedIn()), { ...args, params: { to: '2', from: '1' } }),
    ])
    expect(first.error).toMatchObject({ aborted: true, message: CHARGEBACK_ABORTED })
    expect(other.data).toEqual(empty)
    expect(again.data).toEqual(empty)
  })

  it('C25 issue 15 #18 a failed search is its error (no toast), never an empty result', async () => {
    stubApi(on('GET', '/api/v1/search/icb/realuser', () => json({ message: 'boom' }, 500)))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const result = await search(makeStore(signedIn()), {
      search: 'icb',
      groups: ['realuser'],
      params: {},
    })
    expect(result.data).toBeUndefined()
    expect(result.error).toMatchObject({ status: 500, message: 'boom' })
    warn.mockRestore()
  })
})

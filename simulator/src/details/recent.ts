import { LRUCache } from 'lru-cache'
import { isRunning, type DetailsRecord } from './record.ts'

/**
 * A derivation that remembers the last few apps asked for, least recently used out first: a details
 * page fetches several views of one app together, and a 2,000-stage app takes tens of ms to derive.
 * A finished app's derivation does not move with the clock, so its key leaves `now` out; a running
 * app's keeps it. `keyOf` names what else of the record the result depends on.
 */
export function recentDerivations<A extends DetailsRecord, D extends NonNullable<unknown>>(
  derive: (app: A, now: number) => D,
  keyOf: (app: A) => string,
  size = 16,
): (app: A, now: number) => D {
  const recent = new LRUCache<string, D>({ max: size })
  return (app, now) => {
    const key = `${keyOf(app)}|${isRunning(app) ? now : ''}`
    const hit = recent.get(key)
    if (hit !== undefined) return hit
    const derived = derive(app, now)
    recent.set(key, derived)
    return derived
  }
}

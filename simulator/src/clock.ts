import { DATE_PARAM_MAX_MS, DATE_PARAM_MIN_MS, parseDateParam } from '@costlens/shared'

/**
 * The simulated clock. It starts at SIM_NOW (or the real now) and ticks with real time, so a
 * demo started "yesterday" keeps moving; `freeze` holds it still for tests.
 */
export class Clock {
  private offsetMs: number
  private frozenAt: number | undefined

  constructor(start?: string | number) {
    this.offsetMs = start === undefined ? 0 : parseInstant(start) - Date.now()
  }

  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs
  }

  set(instant: string | number): void {
    const ms = parseInstant(instant)
    if (this.frozenAt !== undefined) this.frozenAt = ms
    else this.offsetMs = ms - Date.now()
  }

  freeze(): void {
    this.frozenAt = this.now()
  }

  thaw(): void {
    if (this.frozenAt === undefined) return
    this.offsetMs = this.frozenAt - Date.now()
    this.frozenAt = undefined
  }

  get frozen(): boolean {
    return this.frozenAt !== undefined
  }
}

/**
 * Accepts epoch ms (number or digits) or an ISO date of 2000-2099; throws a readable Error
 * otherwise. The clock is what every date parameter is bounded by, so it is bounded absolutely.
 */
export function parseInstant(value: string | number): number {
  const ms = parseDateParam(value)
  if (!(ms >= DATE_PARAM_MIN_MS && ms < DATE_PARAM_MAX_MS))
    throw new Error(`"${String(value).slice(0, 40)}" is not an ISO date or epoch milliseconds in 2000-2099`)
  return ms
}

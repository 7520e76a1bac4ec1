import { formatMessage, MESSAGES } from '../messages.ts'

const DAY = 86_400_000

/** B169: the billing call's `from` is the contract start date plus 15 days. */
export const BILLING_FROM_OFFSET_DAYS = 15

/** B169: the `from` value (YYYY-MM-DD) for a contract starting on `startDate` (YYYY-MM-DD, UTC). */
export function billingFrom(startDate: string): string {
  const start = Date.parse(`${startDate}T00:00:00Z`)
  if (Number.isNaN(start)) throw new RangeError(`not a date: ${startDate}`)
  return new Date(start + BILLING_FROM_OFFSET_DAYS * DAY).toISOString().slice(0, 10)
}

/**
 * B170 (gap, the spec states no threshold): how many days before its end a contract counts as
 * "close to expiry": 30 days, one monthly billing cycle, leaves time to renew before service is affected.
 */
export const BILLING_EXPIRY_WARNING_DAYS = 30

/**
 * B170: the billing banner: nothing, the expiry warning with the contact-sales hint (M068), or
 * M067 when there is no billing data. An expired contract (0 or fewer days) still warns with 0.
 */
export function billingNotice(billing: { daysLeft: number } | null | undefined): string | null {
  if (!billing) return MESSAGES.M067
  if (billing.daysLeft > BILLING_EXPIRY_WARNING_DAYS) return null
  return formatMessage('M068', { no: String(Math.max(0, Math.ceil(billing.daysLeft))) })
}

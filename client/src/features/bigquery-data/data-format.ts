import { formatDateTime } from '@costlens/shared'

export const isoTime = (iso: string | null) => (iso ? formatDateTime(Date.parse(iso)) : 'Never')
export const billingModelLabel = (model: string) =>
  model === 'PHYSICAL' ? 'Physical (compressed bytes)' : 'Logical (uncompressed bytes)'

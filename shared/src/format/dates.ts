const pad = (n: number) => String(n).padStart(2, '0')

/**
 * B071: the default display form MM/DD/YYYY HH:mm:ss. In UTC unless asked for local time: the
 * console shows UTC by default (01 §9 default ranges start at the UTC day) and offers isUTCTime.
 */
export function formatDateTime(epochMs: number, zone: 'utc' | 'local' = 'utc'): string {
  const d = new Date(epochMs)
  const utc = zone === 'utc'
  const [y, mo, day, h, mi, s] = utc
    ? [
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ]
    : [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]
  return `${pad(mo)}/${pad(day)}/${y} ${pad(h)}:${pad(mi)}:${pad(s)}`
}

/** 01 §9: the start of the UTC day of an instant, where default ranges begin. */
export function startOfUtcDay(epochMs: number): number {
  const d = new Date(epochMs)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
}

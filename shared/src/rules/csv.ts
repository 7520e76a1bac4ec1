/**
 * B113, B114, C03: one CSV cell. Values starting with =, @, + or - get a leading single quote so
 * a spreadsheet shows them as text instead of running them as formulas (OWASP's CSV-injection
 * advice: only a leading character triggers evaluation, so "a-b" or an e-mail stay untouched).
 * Every double quote is doubled and the cell is quoted when it holds a quote, comma or newline.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (/^[=@+-]/.test(text)) text = `'${text}`
  text = text.replace(/"/g, '""')
  return /[",\r\n]/.test(text) ? `"${text}"` : text
}

/** A CSV document: a header row and one row per record, CRLF line ends (RFC 4180). */
export function toCsv(
  columns: readonly { key: string; title: string }[],
  rows: readonly Record<string, unknown>[],
): string {
  const lines = [columns.map((c) => csvCell(c.title)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c.key])).join(','))
  return lines.join('\r\n') + '\r\n'
}

/** OWASP's characters that make a spreadsheet read a cell as a formula when they start it. */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain decimal number with a minus sign (-5, -0.25, -.5, -1.5e3): a value, not a formula. */
const NEGATIVE_NUMBER = /^-(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i

/**
 * B114, C03: the text of an exported cell made safe to open in a spreadsheet. A cell starting with
 * =, +, -, @, a tab or a carriage return gets a leading single quote so it shows as text instead of
 * running as a formula (OWASP's CSV-injection list: only a leading character triggers evaluation,
 * so "a-b" or an e-mail stay untouched). A plain negative number keeps its sign and stays a number.
 * Every export format (CSV, the XLS workbook) writes the same text.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text
}

/**
 * B113, B114, C03: one CSV cell, formula-neutralised (`neutraliseFormula`); every double quote is
 * doubled and the cell is quoted when it holds a quote, comma or line break.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = neutraliseFormula(String(value)).replace(/"/g, '""')
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

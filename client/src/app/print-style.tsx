import { TABLE_PRINT, UPGRADE_TEXT } from '@costlens/shared'
import { EXPORT_SKIP_ATTRIBUTE } from '../components/export/page-html.ts'

/** Set on the shell when the user's plan has no printing (B059, 03 §6): the page prints the reason only. */
export const PRINT_LOCKED_ATTRIBUTE = 'data-print-locked'

/**
 * The console's print stylesheet, made from the rules it follows (B295 TABLE_PRINT, B059), so a
 * page prints as it looks:
 * - what is marked to be left out of exports (the shell's header with its tabs, its footer, the
 *   export and print controls) and the toasts are left out,
 *   and the page's content takes the paper's width, colours kept;
 * - a table repeats its header on every printed page, never splits a row across two, breaks the
 *   page after every `rowsPerPage` rows and prints at most `maxColumns` columns (the first ones, in
 *   their order);
 * - charts and cards are not split across pages;
 * - on a plan without printing, the page prints only the upgrade hint.
 */
export function printCss(config: { rowsPerPage: number; maxColumns: number } = TABLE_PRINT): string {
  const overCap = `:nth-child(n+${config.maxColumns + 1})`
  return `@media print {
  @page { size: A3 landscape; margin: 0.5in 1in; }
  html, body { background: #fff !important; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  [${EXPORT_SKIP_ATTRIBUTE}], .mantine-Notifications-root { display: none !important; }
  main { max-width: none !important; width: auto !important; padding: 0 !important; overflow: visible !important; }
  table { width: 100% !important; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  tbody tr:nth-child(${config.rowsPerPage}n):not(:last-child) { break-after: page; }
  th${overCap}, td${overCap}, col${overCap} { display: none !important; }
  .highcharts-container, .mantine-Card-root, .mantine-Paper-root { break-inside: avoid; }
  [${PRINT_LOCKED_ATTRIBUTE}] > * { display: none !important; }
  [${PRINT_LOCKED_ATTRIBUTE}]::after { content: ${JSON.stringify(UPGRADE_TEXT)}; display: block; font-size: 14pt; }
}`
}

/** The print stylesheet, rendered once at the root of the console. */
export function PrintStyle() {
  return <style data-print-style>{printCss()}</style>
}

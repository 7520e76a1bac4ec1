import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TABLE_PRINT, UPGRADE_TEXT } from '@costlens/shared'
import { PrintStyle, printCss } from './print-style.tsx'

describe('the print stylesheet (B295, B059)', () => {
  it.each([
    [
      { rowsPerPage: 25, maxColumns: 12 },
      'tbody tr:nth-child(25n):not(:last-child) { break-after: page; }',
      'td:nth-child(n+13)',
    ],
    [
      { rowsPerPage: 10, maxColumns: 5 },
      'tbody tr:nth-child(10n):not(:last-child) { break-after: page; }',
      'td:nth-child(n+6)',
    ],
  ])(
    'with %o breaks the page at that interval and prints at most that many columns',
    (config, pageBreak, hidden) => {
      const css = printCss(config)
      expect(css).toContain(pageBreak)
      expect(css).toContain(`${hidden}`)
      expect(css).toMatch(/^@media print \{/)
    },
  )

  it('repeats table headers, keeps rows whole, prints A3 landscape and leaves the navigation out', () => {
    const css = printCss()
    expect(css).toContain('thead { display: table-header-group; }')
    expect(css).toContain('tr { break-inside: avoid; }')
    expect(css).toContain('@page { size: A3 landscape; margin: 0.5in 1in; }')
    expect(css).toContain('[data-export-skip], .mantine-Notifications-root { display: none !important; }')
  })

  it('prints only the upgrade hint on a plan without printing', () => {
    expect(printCss()).toContain(`content: ${JSON.stringify(UPGRADE_TEXT)}`)
  })

  it('is in the document with the configured values', () => {
    const { container } = render(<PrintStyle />)
    const style = container.querySelector('style[data-print-style]')
    expect(style?.textContent).toContain(`nth-child(${TABLE_PRINT.rowsPerPage}n)`)
  })
})

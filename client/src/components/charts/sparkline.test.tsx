import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDurationMs } from '@costlens/shared'
import { Sparkline, sameSparkline, sparklineSummary } from './sparkline.tsx'

const T = Date.parse('2026-11-23T00:00:00Z')

describe('Sparkline', () => {
  it('summarises the line in words for screen readers: runs and the latest value', () => {
    expect(
      sparklineSummary(
        'Duration trend',
        [
          [T, 1000],
          [T + 1, 243_000],
        ],
        formatDurationMs,
      ),
    ).toBe('Duration trend: 2 runs, last 4m 3s')
    expect(sparklineSummary('Read trend', [[T, 5]], String)).toBe('Read trend: 1 run, last 5')
    expect(sparklineSummary('Write trend', [], String)).toBe('Write trend: no runs')
  })

  it('draws one Highcharts line, loaded lazily, inside an image labelled with that summary', async () => {
    const { container } = render(
      <Sparkline
        name="Duration trend"
        data={[
          [T, 60_000],
          [T + 3_600_000, 243_000],
        ]}
        format={formatDurationMs}
      />,
    )
    expect(screen.getByRole('img', { name: 'Duration trend: 2 runs, last 4m 3s' })).toBeInTheDocument()
    // Not in the render that shows the cell: a table's rows show first, its lines follow.
    expect(container.querySelector('.highcharts-container')).toBeNull()
    // Highcharts is a lazy chunk: its first load can take seconds on a busy machine.
    await waitFor(
      () => expect(container.querySelector('.highcharts-series path.highcharts-graph')).not.toBeNull(),
      { timeout: 10_000 },
    )
    // The console's export menu replaces Highcharts' button, which a table cell has no room for.
    expect(container.querySelector('.highcharts-contextbutton')).toBeNull()
  })

  it('is the same line when a refetch brings the same points in new arrays, and not when a point or a prop differs', () => {
    const line = { name: 'Read trend', format: String, data: [[T, 1] as const, [T + 1, 2] as const] }
    expect(
      sameSparkline(line, {
        ...line,
        data: [
          [T, 1],
          [T + 1, 2],
        ],
      }),
    ).toBe(true)
    expect(
      sameSparkline(line, {
        ...line,
        data: [
          [T, 1],
          [T + 1, 3],
        ],
      }),
    ).toBe(false)
    expect(sameSparkline(line, { ...line, data: [[T, 1]] })).toBe(false)
    expect(sameSparkline(line, { ...line, width: 72 })).toBe(false)
    expect(sameSparkline(line, { ...line, format: (v: number) => `${v}` })).toBe(false)
  })
})

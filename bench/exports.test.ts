import { describe, expect, it } from 'vitest'
import { exportTargets, type ExportFigures } from './exports.ts'

const figures: ExportFigures = {
  pdfPages: [
    {
      route: '/clusters/jobs?x=1',
      charts: 1,
      htmlKb: 700,
      clickToFileMs: [900, 600, 580],
      renderMs: [450, 510, 490],
      burstRenderMs: [600, 650, 620],
    },
    {
      route: '/clusters/chargeback',
      charts: 5,
      htmlKb: 300,
      clickToFileMs: [1600, 1700, 1550],
      renderMs: [700, 720, 690],
      burstRenderMs: [800, 820, 790],
    },
  ],
  largeFiles: [
    { format: 'CSV', rows: 10_000, clickToFileMs: 1200 },
    { format: 'Excel', rows: 10_000, clickToFileMs: 2100 },
  ],
  memory: {
    renders: 200,
    rssMb: [
      { after: 20, mb: 1100 },
      { after: 200, mb: 1150 },
    ],
  },
}

describe("issue 22's export targets", () => {
  const rows = exportTargets(figures)
  const verdict = (figure: RegExp) => rows.find((r) => figure.test(r.figure))?.met

  it.each([
    [/jobs \(1 chart\): server render/, true],
    [/jobs \(1 chart\): click to file/, true],
    [/chargeback \(5 charts\): server render/, false],
    [/chargeback \(5 charts\): click to file/, false],
    [/10,000-row CSV/, true],
    [/10,000-row Excel/, false],
    [/memory, render 20 to 200 \(1100, 1150 MB\)/, true],
  ])('%s met: %s', (figure, met) => {
    expect(verdict(figure)).toBe(met)
  })

  it('has no row for what the run did not measure', () => {
    expect(exportTargets(undefined)).toEqual([])
  })
})

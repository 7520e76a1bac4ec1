import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { systemUsageEndpoints, type SystemUsage } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { findChart, findSettledTable } from '../../../test/page-queries.ts'
import SystemUsagePage from './system-usage-page.tsx'

afterEach(() => vi.unstubAllGlobals())

const MB = 2 ** 20
const T0 = Date.parse('2026-11-28T08:00:00.000Z')
const usage: SystemUsage = {
  measuredAt: new Date(T0).toISOString(),
  process: {
    uptimeSeconds: 3_725,
    cpuPercent: 12.5,
    rssBytes: 512 * MB,
    heapUsedBytes: 100 * MB,
    heapTotalBytes: 200 * MB,
    nodeVersion: 'v20.19.0',
  },
  host: {
    cpuCount: 2,
    loadAverage: [1.5, 1.25, 1],
    totalMemoryBytes: 24_000 * MB,
    freeMemoryBytes: 12_000 * MB,
  },
  database: {
    fileBytes: 1_000 * MB,
    walBytes: 4 * MB,
    pageSize: 4096,
    pageCount: 256_000,
    freePages: 12,
    scale: 'large',
    objectsMeasuredAt: new Date(T0 - 60_000).toISOString(),
    objects: [
      { name: 'applications', kind: 'table', table: 'applications', bytes: 250 * MB, rows: 1_000_000 },
      { name: 'applications_start', kind: 'index', table: 'applications', bytes: 30 * MB, rows: null },
    ],
  },
  samples: [
    { time: new Date(T0 - 20_000).toISOString(), cpuPercent: 5, rssBytes: 500 * MB, heapUsedBytes: 90 * MB },
    { time: new Date(T0 - 10_000).toISOString(), cpuPercent: 15, rssBytes: 510 * MB, heapUsedBytes: 95 * MB },
  ],
}

function render() {
  stubApi(on('GET', systemUsageEndpoints.usage.path, () => json(usage)))
  return renderWithProviders(<SystemUsagePage />, {
    preloadedState: signedIn(testUser({ clusterType: 'SNOWFLAKE' })),
    route: '/manage/system_usage',
  })
}

describe('System usage (R132, R166 /manage/system_usage)', () => {
  it("shows the process's CPU and memory, its host and its database file, measured", async () => {
    render()
    const kpis = await screen.findByRole('region', { name: 'System now' })
    expect(kpis).toHaveTextContent('12.5%')
    expect(kpis).toHaveTextContent('2 cores, load 1.50 / 1.25 / 1.00')
    expect(kpis).toHaveTextContent('512.00 MB')
    expect(kpis).toHaveTextContent('1,000.00 MB')
    expect(kpis).toHaveTextContent('1h 2m 5s')
    expect(kpis).toHaveTextContent('large seed')
    expect(kpis).toHaveTextContent('v20.19.0')
    expect(await findChart('CPU, last hour (% of one core)')).toBeInTheDocument()
    expect(await findChart('Memory, last hour (MB)')).toBeInTheDocument()
  })

  it('lists the tables and indexes, largest first, with their share of the file and their rows', async () => {
    render()
    const table = await findSettledTable({ name: 'Tables and indexes' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('applications')
    expect(rows[0]).toHaveTextContent('Table')
    expect(rows[0]).toHaveTextContent('25.0%')
    expect(rows[0]).toHaveTextContent('1,000,000')
    expect(rows[1]).toHaveTextContent('applications_start')
    expect(rows[1]).toHaveTextContent('Index')
    expect(screen.getByText(/Sizes measured at 07:59:00 UTC/)).toBeInTheDocument()
  })
})

import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { RealizedSavingsSummary } from '@costlens/shared'
import { renderWithProviders } from '../../../test/render.tsx'
import { SavingsPanel } from './savings-panel.tsx'

const SUMMARY: RealizedSavingsSummary = {
  startTime: Date.UTC(2026, 10, 20),
  endTime: Date.UTC(2026, 10, 26, 12),
  currency: 'USD',
  totalCost: 2000,
  untappedSavings: 250,
  realizedCostSavings: 50,
  actionsOpen: 7,
  actionsDone: 2,
}

const figures = () =>
  within(screen.getByRole('region', { name: 'Savings figures' }))
    .getAllByRole('listitem')
    .map((k) => k.textContent)

describe('SavingsPanel (the Databricks home, E054 RealizedSavingsSummary)', () => {
  it('shows untapped and realised savings in USD with their share of the cost, and leads to the insights', () => {
    renderWithProviders(<SavingsPanel summary={SUMMARY} isLoading={false} period="last 7 days" />)
    expect(figures()).toEqual([
      'Untapped savings, last 7 days (USD)$ 250.0012.50% of the cost · 7 open',
      'Realised savings, last 7 days (USD)$ 50.002.50% of the cost · 2 done',
      'Cost, last 7 days (USD)$ 2,000.00',
    ])
    expect(screen.getByRole('link', { name: 'See insights' })).toHaveAttribute('href', '/jobs/insights')
  })

  it('no cost: the shares are "--", never a division by zero', () => {
    renderWithProviders(
      <SavingsPanel
        summary={{ ...SUMMARY, totalCost: 0, untappedSavings: 0, realizedCostSavings: 0 }}
        isLoading={false}
        period="last 7 days"
      />,
    )
    expect(figures()[0]).toContain('-- of the cost')
  })

  it('loading: a spinner; failed: the failure with a retry, never zeros', () => {
    const { unmount } = renderWithProviders(
      <SavingsPanel summary={undefined} isLoading period="last 7 days" />,
    )
    expect(screen.getByRole('status', { name: 'Loading The savings' })).toBeInTheDocument()
    unmount()
    renderWithProviders(
      <SavingsPanel
        summary={undefined}
        isLoading={false}
        error={{ status: 500, data: { message: 'Internal Server Error' } }}
        onRetry={() => {}}
        period="last 7 days"
      />,
    )
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument()
    expect(screen.queryByText('$ 0.00')).toBeNull()
  })
})

import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { Panel, PanelState } from './panel-state.tsx'
import {
  combinedPanelStatus,
  panelStatus,
  queryPanel,
  type PanelQuery,
  type PanelStatus,
} from './panel-status.ts'

const failure = { error: true, message: 'Internal Server Error', data: {}, aborted: false, status: 500 }

describe('panelStatus: loading, empty, failed and ready are different states', () => {
  it.each<[string, PanelQuery, boolean, PanelStatus]>([
    ['first load', { isLoading: true, isFetching: true }, true, 'loading'],
    ['an empty answer', { isFetching: false }, true, 'empty'],
    ['an answer', { isFetching: false }, false, 'ready'],
    ['a refetch over data', { isFetching: true }, false, 'ready'],
    // A spinner never sits over 'No Data Available': refetching an empty answer is loading.
    ['a refetch over an empty answer', { isFetching: true }, true, 'loading'],
    ['a failure', { isError: true, error: failure }, true, 'failed'],
    // RTK Query keeps the last good data of the same arguments: a failure still shows as one.
    ['a failure over stale data', { isError: true, error: failure }, false, 'failed'],
    ['a retry in flight', { isError: true, isFetching: true, error: failure }, true, 'loading'],
    [
      'a superseded (aborted) request',
      { isError: true, error: { ...failure, aborted: true } },
      true,
      'empty',
    ],
  ])('%s → %s', (_label, query, isEmpty, status) => {
    expect(panelStatus(query, isEmpty)).toBe(status)
  })

  it.each<[PanelStatus[], PanelStatus]>([
    [['ready', 'failed', 'loading'], 'failed'],
    [['ready', 'loading', 'empty'], 'loading'],
    [['ready', 'empty'], 'empty'],
    [['ready', 'ready'], 'ready'],
  ])('several queries %j → %s', (statuses, status) => {
    expect(combinedPanelStatus(statuses)).toBe(status)
  })
})

describe('<PanelState>', () => {
  const render = (status: PanelStatus, onRetry = vi.fn()) => {
    renderWithProviders(
      <PanelState what="Running jobs" status={status} error={failure} onRetry={onRetry}>
        <p>the chart</p>
      </PanelState>,
    )
    return onRetry
  }

  it('loading: a spinner and nothing else', () => {
    render('loading')
    expect(screen.getByRole('status', { name: 'Loading Running jobs' })).toBeInTheDocument()
    expect(screen.queryByText('No Data Available')).toBeNull()
    expect(screen.queryByText('the chart')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('empty: No Data Available and no spinner', () => {
    render('empty')
    expect(screen.getByText('No Data Available')).toBeInTheDocument()
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByText('the chart')).toBeNull()
  })

  it("failed: what could not be loaded, the spec's message by status and a Retry that refetches", async () => {
    const onRetry = render('failed')
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Running jobs could not be loaded')
    expect(alert).toHaveTextContent('Internal Server Error')
    expect(screen.queryByText('No Data Available')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
    screen.getByRole('button', { name: 'Retry' }).click()
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('ready: the panel itself', () => {
    render('ready')
    expect(screen.getByText('the chart')).toBeInTheDocument()
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('queryPanel wires a query: its failure and its refetch', () => {
    const refetch = vi.fn()
    renderWithProviders(
      <Panel
        title="Nodes"
        state={queryPanel({ isError: true, error: { message: 'Timeout' }, refetch }, true)}
      >
        <p>the chart</p>
      </Panel>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Nodes could not be loaded')
    expect(screen.getByRole('alert')).toHaveTextContent('Timeout')
    screen.getByRole('button', { name: 'Retry' }).click()
    expect(refetch).toHaveBeenCalledTimes(1)
  })
})

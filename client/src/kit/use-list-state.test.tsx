import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders, signedIn } from '../../test/render.tsx'
import { page, sort, tabs } from './fields.ts'
import { defineListState } from './list-state.ts'
import { useListState } from './use-list-state.ts'

const list = defineListState({
  fields: {
    tab: tabs('tab', ['all', 'inefficient']),
    sort: sort('sort', { key: 'startTime', direction: 'desc' }, ['startTime', 'cost']),
    page: page(),
  },
  filters: {},
})

/** Two changes before the page shows the first: a tab, then a sort, as a quick user makes them. */
function QuickChanges() {
  const { state, change } = useListState(list)
  return (
    <>
      <button
        type="button"
        onClick={() => {
          change({ type: 'tab', tab: 'inefficient' })
          change({ type: 'sort', sort: { key: 'cost', direction: 'desc' } })
        }}
      >
        Tab then sort
      </button>
      <output aria-label="shown">{`${state.tab} ${state.sort.key}-${state.sort.direction}`}</output>
    </>
  )
}

describe('useListState', () => {
  it('a change made before the page shows the one before builds on it, not on the state still shown', async () => {
    const { user, router } = renderWithProviders(<QuickChanges />, { preloadedState: signedIn() })
    await user.click(screen.getByRole('button', { name: 'Tab then sort' }))
    expect(screen.getByRole('status', { name: 'shown' })).toHaveTextContent('inefficient cost-desc')
    expect(router.state.location.search).toContain('tab=inefficient')
    expect(router.state.location.search).toContain('sort=cost-desc')
  })
})

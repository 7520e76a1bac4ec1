import { useState } from 'react'
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { MultiSelectFilter, type FilterOption, type MultiSelectFilterProps } from './multi-select-filter.tsx'

const STATUSES: FilterOption[] = [
  { value: 'R', label: 'Running', count: 4 },
  { value: 'S', label: 'Success', count: 120 },
  { value: 'F', label: 'Failed', count: 3 },
  { value: 'K', label: 'Killed', count: 0 },
]
const USERS: FilterOption[] = Array.from({ length: 12 }, (_, i) => ({ value: `user${i + 1}` }))

function renderFilter(
  props: Partial<MultiSelectFilterProps> & { options: FilterOption[] },
  initial: string[] = [],
) {
  const onChange = vi.fn<(v: string[]) => void>()
  function Harness() {
    const [value, setValue] = useState(initial)
    return (
      <MultiSelectFilter
        label="Status"
        {...props}
        value={value}
        onChange={(v) => {
          setValue(v)
          onChange(v)
        }}
      />
    )
  }
  return { ...renderWithProviders(<Harness />), onChange }
}

describe('multi-select filter', () => {
  it('B116 at the cap of 10 the 11th option is disabled and "max length" shows', async () => {
    const initial = USERS.slice(0, 9).map((o) => o.value)
    const { user, onChange } = renderFilter({ label: 'User', options: USERS }, initial)
    expect(screen.queryByText('max length')).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'user10' }))
    expect(onChange).toHaveBeenLastCalledWith([...initial, 'user10'])
    expect(screen.getByRole('checkbox', { name: 'user11' })).toBeDisabled()
    expect(screen.getByRole('status')).toHaveTextContent('max length')
    // A chosen option can still be unticked to make room.
    await user.click(screen.getByRole('checkbox', { name: 'user1' }))
    expect(screen.getByRole('checkbox', { name: 'user11' })).toBeEnabled()
  })

  it('02 §2 counts show beside the options, "Only" keeps one and "Show all" ticks all', async () => {
    const { user, onChange } = renderFilter({ options: STATUSES }, ['R'])
    expect(screen.getByRole('group', { name: 'Status' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Success (120)' })).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Only Failed' }))
    expect(onChange).toHaveBeenLastCalledWith(['F'])
    await user.click(screen.getByRole('button', { name: 'Show all' }))
    expect(onChange).toHaveBeenLastCalledWith(['R', 'S', 'F', 'K'])
    expect(screen.getByRole('checkbox', { name: 'Killed (0)' })).toBeChecked()
  })

  it('03 §2 the search narrows the options, case-insensitive, and says "No match found" (M057)', async () => {
    const { user } = renderFilter({ options: STATUSES })
    await user.type(screen.getByRole('textbox', { name: 'Search Status' }), 'FAIL')
    expect(screen.getAllByRole('checkbox')).toHaveLength(1)
    expect(screen.getByRole('checkbox', { name: 'Failed (3)' })).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Search Status' }), 'zzz')
    expect(screen.getByText('No match found')).toBeInTheDocument()
  })

  it('the links and checkboxes are reached and ticked with the keyboard', async () => {
    const { user, onChange } = renderFilter({ options: STATUSES, searchable: false })
    await user.tab()
    await user.tab()
    expect(screen.getByRole('checkbox', { name: 'Running (4)' })).toHaveFocus()
    await user.keyboard(' ')
    expect(onChange).toHaveBeenLastCalledWith(['R'])
  })
})

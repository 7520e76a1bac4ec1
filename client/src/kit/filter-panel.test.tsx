import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { FilterPanel, type FilterSpec } from './filter-panel.tsx'

interface Filters {
  accounts: string[]
  signature: string
}
const specs: FilterSpec<Filters, undefined>[] = [
  {
    kind: 'multi',
    field: 'accounts',
    label: 'Accounts',
    options: () => [{ value: 'acme-prod' }, { value: 'acme-dev' }],
    allWhenEmpty: true,
  },
  { kind: 'text', field: 'signature', label: 'Signature', commitOn: 'enter' },
]

function render(value: Filters) {
  const onChange = vi.fn()
  const view = renderWithProviders(
    <FilterPanel specs={specs} value={value} metadata={undefined} onChange={onChange} onReset={() => {}} />,
  )
  return { ...view, onChange }
}

describe('FilterPanel options some lists add', () => {
  it('B235 allWhenEmpty: nothing chosen shows every option ticked; unticking one keeps the others', async () => {
    const { user, onChange } = render({ accounts: [], signature: '' })
    expect(screen.getByRole('checkbox', { name: 'acme-prod' })).toBeChecked()
    await user.click(screen.getByRole('checkbox', { name: 'acme-dev' }))
    expect(onChange).toHaveBeenLastCalledWith({ accounts: ['acme-prod'] })
  })

  it('B235 allWhenEmpty: the last unticked option ticked again stores no filter', async () => {
    const { user, onChange } = render({ accounts: ['acme-prod'], signature: '' })
    await user.click(screen.getByRole('checkbox', { name: 'acme-dev' }))
    expect(onChange).toHaveBeenLastCalledWith({ accounts: [] })
  })

  it('commitOn enter: a text filter is sent on Enter only, trimmed, not on every key', async () => {
    const { user, onChange } = render({ accounts: [], signature: '' })
    await user.type(screen.getByRole('textbox', { name: 'Signature' }), ' sig-9 ')
    expect(onChange).not.toHaveBeenCalled()
    await user.keyboard('{Enter}')
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ signature: 'sig-9' })
  })
})

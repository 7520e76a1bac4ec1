import { useState } from 'react'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TagOption } from '@costlens/shared'
import { renderWithProviders, stubApi } from '../../../test/render.tsx'
import { TagSelector, type TagSelectorProps } from './tag-selector.tsx'

afterEach(() => vi.unstubAllGlobals())

const TAGS: TagOption[] = [
  { key: 'env', values: ['prod', 'dev'] },
  { key: 'team', values: ['data', 'ml', 'prod-ops'] },
  { key: 'RealUser', values: ['alice'] },
]
const MANY: TagOption[] = [{ key: 'project', values: Array.from({ length: 12 }, (_, i) => `p${i + 1}`) }]

function renderTags(props: Partial<TagSelectorProps> = {}, initial: Record<string, string[]> = {}) {
  stubApi()
  const onChange = vi.fn<(v: Record<string, string[]>) => void>()
  function Harness() {
    const [value, setValue] = useState(initial)
    return (
      <TagSelector
        tags={TAGS}
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

describe('tag selector', () => {
  it('B120 searching "PROD" finds key env value prod (and team prod-ops), case-insensitive', async () => {
    const { user } = renderTags()
    await user.type(screen.getByRole('textbox', { name: 'Search Tags' }), 'PROD')
    expect(screen.getByRole('checkbox', { name: 'env: prod' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'team: prod-ops' })).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: 'env: dev' })).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: 'team: ml' })).not.toBeInTheDocument()
  })

  it('B120 a matching key keeps all its values; nothing matching says "No match found"', async () => {
    const { user } = renderTags()
    const search = screen.getByRole('textbox', { name: 'Search Tags' })
    await user.type(search, 'ENV')
    expect(screen.getByRole('checkbox', { name: 'env: dev' })).toBeInTheDocument()
    await user.clear(search)
    await user.type(search, 'zzz')
    expect(screen.getByText('No match found')).toBeInTheDocument()
  })

  it('B121 RealUser is never listed', () => {
    renderTags()
    expect(screen.getByRole('checkbox', { name: 'env' })).toBeInTheDocument()
    expect(screen.queryByText('RealUser')).not.toBeInTheDocument()
  })

  it('B122 emits key → values, and a key ticks all its values', async () => {
    const { user, onChange } = renderTags()
    await user.click(screen.getByRole('checkbox', { name: 'env: prod' }))
    await user.click(screen.getByRole('checkbox', { name: 'team: ml' }))
    expect(onChange).toHaveBeenLastCalledWith({ env: ['prod'], team: ['ml'] })
    await user.click(screen.getByRole('checkbox', { name: 'env' }))
    expect(onChange).toHaveBeenLastCalledWith({ env: ['prod', 'dev'], team: ['ml'] })
    await user.click(screen.getByRole('checkbox', { name: 'env' }))
    expect(onChange).toHaveBeenLastCalledWith({ team: ['ml'] })
  })

  it('B123 the 11th tag is disabled with the max-items message', async () => {
    const first9 = MANY[0]!.values.slice(0, 9)
    const { user } = renderTags({ tags: MANY }, { project: first9 })
    await user.click(screen.getByRole('checkbox', { name: 'project: p10' }))
    expect(screen.getByRole('checkbox', { name: 'project: p11' })).toBeDisabled()
    expect(screen.getByRole('status')).toHaveTextContent('You can select up to 10 tags.')
    expect(screen.getByRole('checkbox', { name: 'project: p1' })).toBeEnabled()
  })

  it('C20 B060 freemium: the selector is disabled with the upgrade prompt', () => {
    renderTags({ freemium: true })
    expect(screen.getByRole('checkbox', { name: 'env: prod' })).toBeDisabled()
    expect(screen.getByRole('textbox', { name: 'Search Tags' })).toBeDisabled()
    expect(screen.getByText(/limits data retention to 7 days/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upgrade plan' })).toBeEnabled()
  })
})

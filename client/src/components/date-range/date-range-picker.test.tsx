import { useState } from 'react'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, stubApi } from '../../../test/render.tsx'
import { DateRangePicker, type DateRangePickerProps, type DateRangeSelection } from './date-range-picker.tsx'

afterEach(() => vi.unstubAllGlobals())

const HOUR = 3_600_000
const DAY = 24 * HOUR
// Friday 2026-11-20 10:00 UTC.
const NOW = Date.UTC(2026, 10, 20, 10, 0)

function renderPicker(props: Partial<DateRangePickerProps> = {}) {
  stubApi()
  const onChange = vi.fn<(s: DateRangeSelection) => void>()
  // A parent that keeps the value, as a screen does.
  function Harness() {
    const [value, setValue] = useState<DateRangeSelection | null>(props.value ?? null)
    return (
      <DateRangePicker
        now={NOW}
        {...props}
        value={value}
        onChange={(s) => {
          setValue(s)
          onChange(s)
        }}
      />
    )
  }
  const view = renderWithProviders(<Harness />)
  return { ...view, onChange }
}

async function open(user: ReturnType<typeof renderPicker>['user']) {
  await user.click(screen.getByRole('button', { name: /^Date range:/ }))
  return screen.getByRole('dialog')
}

describe('date range picker', () => {
  it('B072 B062 a preset emits its range at now, its label and its number_unit value', async () => {
    const { user, onChange } = renderPicker()
    const dialog = await open(user)
    await user.click(within(dialog).getByRole('button', { name: 'Last 7 Days' }))
    expect(onChange).toHaveBeenCalledWith({
      start: NOW - 7 * DAY,
      end: NOW,
      label: 'Last 7 Days',
      value: '7_d',
    })
    expect(screen.getByRole('button', { name: 'Date range: Last 7 Days' })).toBeInTheDocument()
  })

  it('B072 named presets are calendar periods in UTC (Yesterday)', async () => {
    const { user, onChange } = renderPicker()
    await user.click(within(await open(user)).getByRole('button', { name: 'Yesterday' }))
    const today = Date.UTC(2026, 10, 20)
    expect(onChange).toHaveBeenCalledWith({
      start: today - DAY,
      end: today - 1,
      label: 'Yesterday',
      value: 'yesterday',
    })
  })

  it('B073 the cost kind lists its own presets and no hours', async () => {
    const { user } = renderPicker({ kind: 'cost' })
    const dialog = await open(user)
    expect(within(dialog).getByRole('button', { name: 'Last 1 Year' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Last 1 Hour' })).not.toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Start time')).not.toBeInTheDocument()
  })

  it('B056 B060 a freemium user cannot pick 30 days, sees the lock and the upgrade hint', async () => {
    const { user, onChange } = renderPicker({ freemium: true })
    const dialog = await open(user)
    const thirty = within(dialog).getByRole('button', { name: 'Last 30 Days' })
    expect(thirty).toHaveAttribute('aria-disabled', 'true')
    expect(thirty).toHaveAccessibleDescription(/limits data retention to 7 days/)
    await user.click(thirty)
    expect(onChange).not.toHaveBeenCalled()
    expect(within(dialog).getByRole('button', { name: 'Upgrade plan' })).toBeInTheDocument()
    // B056: This Month and the custom range are locked; 7 days and less stay usable.
    expect(within(dialog).getByRole('button', { name: 'This Month' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(within(dialog).getByRole('img', { name: 'Locked' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Last 7 Days' }))
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ value: '7_d' }))
  })

  it('B052 a frozen user sees only their range', async () => {
    const frozen = { start: NOW - 3 * DAY, end: NOW - DAY }
    const { user, onChange } = renderPicker({ frozen })
    const text = '11/17/2026 10:00:00 – 11/19/2026 10:00:00'
    expect(screen.getByRole('button', { name: `Date range: ${text}` })).toBeInTheDocument()
    const dialog = await open(user)
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([text])
    await user.click(within(dialog).getByRole('button', { name: text }))
    expect(onChange).toHaveBeenCalledWith({ ...frozen, label: text, value: 'custom' })
  })

  it('B063 the calendar offers no day after today', async () => {
    const { user } = renderPicker()
    const dialog = await open(user)
    expect(within(dialog).getByRole('button', { name: '21 November 2026' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: '20 November 2026' })).toBeEnabled()
  })

  it('B074 B064 the value dashboard starts 90 days back and emits completed days', async () => {
    const { user, onChange } = renderPicker({ kind: 'valueDashboard' })
    const dialog = await open(user)
    for (let i = 0; i < 3; i++)
      await user.click(within(dialog).getByRole('button', { name: 'Previous month' }))
    expect(within(dialog).getByRole('button', { name: '21 August 2026' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: '22 August 2026' })).toBeEnabled()
    await user.click(within(dialog).getByRole('button', { name: 'Last 7 Days' }))
    const today = Date.UTC(2026, 10, 20)
    expect(onChange).toHaveBeenCalledWith({
      start: today - 7 * DAY,
      end: today - 1,
      label: 'Last 7 Days',
      value: '7_d',
    })
  })

  it('B063 B071 a custom range is clamped to now and shown as MM/DD/YYYY HH:mm:ss', async () => {
    const { user, onChange } = renderPicker()
    const dialog = await open(user)
    await user.click(within(dialog).getByRole('button', { name: '18 November 2026' }))
    await user.click(within(dialog).getByRole('button', { name: '20 November 2026' }))
    await user.clear(within(dialog).getByLabelText('Start time'))
    await user.type(within(dialog).getByLabelText('Start time'), '08:30')
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }))
    const start = Date.UTC(2026, 10, 18, 8, 30)
    const label = '11/18/2026 08:30:00 – 11/20/2026 10:00:00'
    expect(onChange).toHaveBeenCalledWith({ start, end: NOW, label, value: 'custom' })
    expect(screen.getByRole('button', { name: `Date range: ${label}` })).toBeInTheDocument()
  })

  it('B065 a custom range over the picker maximum is refused with the catalogue text', async () => {
    const { user, onChange } = renderPicker({ kind: 'clusterWorkload' })
    const dialog = await open(user)
    // 60 days is the cluster-workload maximum; September 1 to November 20 is longer.
    for (let i = 0; i < 2; i++)
      await user.click(within(dialog).getByRole('button', { name: /previous month/i }))
    await user.click(within(dialog).getByRole('button', { name: '1 September 2026' }))
    for (let i = 0; i < 2; i++) await user.click(within(dialog).getByRole('button', { name: /next month/i }))
    await user.click(within(dialog).getByRole('button', { name: '20 November 2026' }))
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The date range maximum is 60 days.')
    expect(onChange).not.toHaveBeenCalled()
  })
})

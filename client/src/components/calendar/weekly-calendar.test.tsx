import { render as rtlRender, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { MantineProvider } from '@mantine/core'
import { CALENDAR_PROBLEMS } from '@costlens/shared'
import { dayBlocks, weekDayKeys, type WeeklyCalendarSeries } from './calendar-layout.ts'
import { WeeklyCalendar } from './weekly-calendar.tsx'

const render = (ui: ReactElement) => rtlRender(<MantineProvider env="test">{ui}</MantineProvider>)

const rollup: WeeklyCalendarSeries = {
  id: 'daily_sales_rollup',
  name: 'daily_sales_rollup',
  color: 'series-0',
  description: 'etl_svc · root.etl',
  data: {
    monday: [
      { startTime: '02:00', endTime: '03:00', label: 'daily_sales_rollup' },
      { startTime: '03:00', endTime: '03:30', label: 'daily_sales_rollup' },
    ],
    saturday: [{ startTime: '22:00', endTime: '00:00', label: 'daily_sales_rollup' }],
  },
}
const fraud: WeeklyCalendarSeries = {
  id: 'fraud_features',
  name: 'fraud_features',
  color: 'series-3',
  data: { monday: [{ startTime: '02:30', endTime: '04:00', label: 'fraud_features' }] },
}

describe('calendar layout', () => {
  it('B266 the week starts on Sunday, or on Monday when asked', () => {
    expect(weekDayKeys()).toEqual([
      'sunday',
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ])
    expect(weekDayKeys('monday')[0]).toBe('monday')
    expect(weekDayKeys('monday').at(-1)).toBe('sunday')
  })

  it('B267 merges one job’s touching events and sets overlapping jobs side by side', () => {
    const blocks = dayBlocks([rollup, fraud], 'monday', 60)
    expect(blocks.map((b) => [b.label, b.start, b.end, b.lane, b.lanes])).toEqual([
      ['daily_sales_rollup', '02:00', '03:30', 0, 2],
      ['fraud_features', '02:30', '04:00', 1, 2],
    ])
    // B266: 60 px a slot: 02:00 in 60-minute slots is 120 px down, 90 minutes is 90 px tall.
    expect(blocks[0]).toMatchObject({ top: 120, height: 90 })
    expect(dayBlocks([rollup], 'monday', 30)[0]).toMatchObject({ top: 240, height: 180 })
  })
})

describe('WeeklyCalendar', () => {
  it('B265 B266 draws 1440/interval slots, a legend and each event labelled with its day and times', () => {
    render(<WeeklyCalendar title="Scheduled jobs" series={[rollup, fraud]} />)
    const calendar = screen.getByRole('region', { name: 'Scheduled jobs' })
    const legend = within(calendar).getByRole('list', { name: 'Scheduled jobs: legend' })
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['daily_sales_rollup', 'fraud_features'])
    expect(calendar.textContent).toContain('23:00')
    expect(calendar.textContent).not.toContain('23:30')
    const monday = within(calendar).getByRole('list', { name: 'Monday' })
    expect(
      within(monday)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['daily_sales_rollup, Monday 02:00–03:30', 'fraud_features, Monday 02:30–04:00'])
  })

  it('B267 an event ending at 00:00 ends at 24:00', () => {
    render(<WeeklyCalendar title="Scheduled jobs" series={[rollup]} />)
    expect(
      screen.getByRole('button', { name: 'daily_sales_rollup, Saturday 22:00–24:00' }),
    ).toBeInTheDocument()
  })

  it('B266 30-minute slots double the rows, and Monday can start the week', () => {
    const { container } = render(
      <WeeklyCalendar title="Scheduled jobs" series={[rollup]} interval={30} weekStartsOn="monday" />,
    )
    expect(screen.getByText('23:30')).toBeInTheDocument()
    const days = screen
      .getAllByRole('list')
      .filter((l) => l.getAttribute('aria-label') !== 'Scheduled jobs: legend')
    expect(days.map((d) => d.getAttribute('aria-label'))[0]).toBe('Monday')
    expect(container.querySelector('[style*="height: 2880px"]')).not.toBeNull()
  })

  it('B265 refuses an interval that is not a multiple of 30 minutes, and a missing series', () => {
    const { unmount } = render(<WeeklyCalendar title="Scheduled jobs" series={[rollup]} interval={45} />)
    expect(screen.getByRole('alert')).toHaveTextContent(CALENDAR_PROBLEMS.interval)
    unmount()
    render(<WeeklyCalendar title="Scheduled jobs" series={null} />)
    expect(screen.getByRole('alert')).toHaveTextContent(CALENDAR_PROBLEMS.series)
  })

  it('events are reached by keyboard, show their details on focus and report clicks', async () => {
    const onEventClick = vi.fn()
    render(<WeeklyCalendar title="Scheduled jobs" series={[rollup]} onEventClick={onEventClick} />)
    const user = userEvent.setup()
    await user.tab() // the scrolling hours
    await user.tab()
    const first = screen.getByRole('button', { name: 'daily_sales_rollup, Monday 02:00–03:30' })
    expect(first).toHaveFocus()
    expect(await screen.findByText('etl_svc · root.etl')).toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(onEventClick).toHaveBeenCalledWith(expect.objectContaining({ start: '02:00', end: '03:30' }))
  })

  it('says when the week has no events instead of showing a blank grid', () => {
    render(<WeeklyCalendar title="Scheduled jobs" series={[]} emptyText="No scheduled jobs" />)
    expect(screen.getByRole('status')).toHaveTextContent('No scheduled jobs')
  })
})

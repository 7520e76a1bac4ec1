import type { ReactNode } from 'react'
import { Button, Group, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { PICKERS, frozenRange, type DateRange, type PickerKind } from '@costlens/shared'
import { useAppSelector } from '../app/hooks.ts'
import { rangeText } from '../components/date-range/custom-range.ts'
import { DateRangePicker } from '../components/date-range/date-range-picker.tsx'
import type { RangeState } from './list-state.ts'
import type { PageClock } from './page-clock.ts'

/** A page's title (with a line under it, read out when it changes) at the left, its controls at the right. */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: ReactNode
  description?: ReactNode
  /** The header's controls: pickers, Refresh. */
  children?: ReactNode
}) {
  return (
    <Group justify="space-between" wrap="wrap" align="flex-end">
      <div>
        <Title order={1} size="h3">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {description}
          </Text>
        )}
      </div>
      {children && (
        <Group gap="xs" wrap="wrap" align="flex-end">
          {children}
        </Group>
      )}
    </Group>
  )
}

/** What the range picker needs of a list (`useListState`) or of a page's range (`useAddressRange`). */
export interface RangeHandle {
  state: RangeState
  change: (event: { type: 'range'; dateRange: DateRange; label: string }) => void
}

/**
 * The date range picker bound to a list's or a page's range in the address: the presets of its
 * `kind` (the cost pages' 7 days to a year, 03 §9), the user's plan (B056) and frozen range (B052).
 * `rangeTexts` names presets the kind does not offer (the pipelines list opens on 24 hours).
 */
export function RangePicker({
  list,
  kind = 'default',
  rangeTexts,
}: {
  list: RangeHandle
  kind?: PickerKind
  rangeTexts?: Readonly<Record<string, string>>
}) {
  const user = useAppSelector((s) => s.session.user)!
  const { dateRange, rangeLabel } = list.state
  const label =
    PICKERS[kind].presets.find((p) => p.value === rangeLabel)?.label ??
    rangeTexts?.[rangeLabel] ??
    rangeText(dateRange)
  return (
    <DateRangePicker
      kind={kind}
      value={{ ...dateRange, label, value: rangeLabel as never }}
      onChange={(s) =>
        list.change({ type: 'range', dateRange: { start: s.start, end: s.end }, label: s.value })
      }
      freemium={user.plan === 'freemium'}
      frozen={frozenRange(user)}
    />
  )
}

/**
 * Refresh: moves the page clock, so a preset range asks for the window as it is now (and a picked
 * one is fetched again, `useRefetchOnTick`), and does what else the page must fetch again.
 */
export function RefreshButton({ clock, onRefresh }: { clock: PageClock; onRefresh?: () => void }) {
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={14} aria-hidden />}
      onClick={() => {
        clock.tick()
        onRefresh?.()
      }}
    >
      Refresh
    </Button>
  )
}

import { useLocation, useNavigate } from 'react-router-dom'
import { Button, Group } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import type { PickerKind, PresetValue } from '@costlens/shared'
import type { AddressRange } from '../../components/date-range/address-range.ts'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { windowLabel, windowSearch } from './window-state.ts'

interface WindowPickerProps {
  window: AddressRange
  preset: PresetValue
  kind?: PickerKind
  freemium: boolean
  onRefresh: () => void
}

/** The window picker and Refresh of the warehouse and cost pages; a new window goes to the address. */
export function WindowPicker({ window, preset, kind = 'default', freemium, onRefresh }: WindowPickerProps) {
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <Group gap="xs" wrap="wrap">
      <DateRangePicker
        kind={kind}
        freemium={freemium}
        value={{ ...window.dateRange, label: windowLabel(window, kind), value: window.rangeLabel as never }}
        onChange={(s) =>
          void navigate(
            {
              pathname: location.pathname,
              search: windowSearch({ dateRange: s, rangeLabel: s.value }, preset),
            },
            { replace: true },
          )
        }
      />
      <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRefresh}>
        Refresh
      </Button>
    </Group>
  )
}

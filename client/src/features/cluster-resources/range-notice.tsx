import { Alert } from '@mantine/core'
import type { PickerKind } from '@costlens/shared'
import { rangeButtonText, type ScreenRange } from './range-state.ts'

/**
 * Why the range a link asked for was not used (the picker's own checks: its maximum span B065,
 * the earliest day B064, nothing after now B063), and what is shown instead.
 */
export function RangeNotice({ main, picker = 'default' }: { main: ScreenRange; picker?: PickerKind }) {
  if (!main.problem) return null
  return (
    <Alert color="yellow" title="The range in the link was not used">
      {main.problem} Showing {rangeButtonText(main, picker).toLowerCase()} instead.
    </Alert>
  )
}

import { Badge, Tooltip } from '@mantine/core'
import type { BudgetStatus } from '@costlens/shared'

/** The colour of each budget status (B256): the word says it too, never the colour alone. */
export const BUDGET_STATUS_COLOURS: Readonly<Record<BudgetStatus, string>> = {
  Ok: 'green',
  'At Risk': 'orange',
  Exceeded: 'red',
}

/** What each status means, on the badge's hover and in the budget's figures. */
export const BUDGET_STATUS_MEANINGS: Readonly<Record<BudgetStatus, string>> = {
  Ok: 'The forecast to the month end stays under the alert threshold.',
  'At Risk': 'The forecast to the month end passes the alert threshold.',
  Exceeded: 'This month’s spend is already above the amount.',
}

/** A budget's status as a badge, with what it means on hover and keyboard focus. */
export function BudgetStatusBadge({ status }: { status: BudgetStatus }) {
  return (
    <Tooltip label={BUDGET_STATUS_MEANINGS[status]} withArrow>
      {/* The dot variant keeps the word in body text colour (AA on any row); tabIndex for the tooltip. */}
      <Badge variant="dot" color={BUDGET_STATUS_COLOURS[status]} size="md" tt="none" tabIndex={0}>
        {status}
      </Badge>
    </Tooltip>
  )
}

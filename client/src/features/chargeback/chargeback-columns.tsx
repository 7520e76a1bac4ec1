import { Anchor } from '@mantine/core'
import {
  bigQueryCostUsd,
  chargebackPercent,
  costFromAmount,
  formatBytes,
  formatCount,
  formatDollars,
  mbSecondsToGbHours,
  type ChargebackType,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import {
  FLAVOURS,
  formatGbHoursOf,
  formatHoursOf,
  type ColumnId,
  type ServedChargebackType,
} from './chargeback-flavours.ts'
import type { ChargebackTypeState, LevelRow, Usage } from './chargeback-state.ts'

export interface ChargebackColumnsOptions {
  type: ServedChargebackType
  /** The current group-by's label, the first column's title. */
  groupLabel: string
  /** The level's total: what the percentages divide by (B156). */
  total: Usage
  amounts: ChargebackTypeState['amounts']
  /** B115: the free plan may not sort by cost. */
  freemium?: boolean
  /** Drills into a row's value; absent at the last level (B149). */
  onDrill?: (value: string) => void
}

const hours = (seconds: number) => seconds / 3600
/** B157: a cost field, or nothing to show until its price is set: CPU hours or memory GB·hours times its price. */
const priced = (used: number, amount: number | null) =>
  amount === null ? null : costFromAmount(used, amount)
/** B136 B158: the row's own cost, from cents; BigQuery's cents are USD. */
const centsToDollars = (type: ChargebackType, cents: number) =>
  type === 'BigQuery' ? bigQueryCostUsd(cents) : cents / 100
const dollars = (value: number | null) => (value === null ? '--' : formatDollars(value))

/** Numbers are short: a narrower column than the table's default keeps a level on one screen (B106). */
const NUMBER_WIDTH = 120
const COST_COLUMNS: readonly ColumnId[] = ['vsCost', 'msCost', 'cost']

type Computed = Omit<DataColumn<LevelRow>, 'key' | 'title'>

/**
 * How much each measure matters when the table is narrow (issue 16, tables fit the screen): with
 * the group value, the CPU hours, their share and the cost always show; the count and memory come
 * next, then the memory share and billed bytes' share. A priced cost (B157) is '--' until its price
 * is set, so it waits in the column chooser until then and ranks with the count once it has one.
 */
const PRIORITY: Readonly<Record<ColumnId, number>> = {
  vsHours: 1,
  vsPct: 1,
  cost: 1,
  count: 2,
  msHours: 2,
  io: 2,
  msPct: 3,
  ioPct: 3,
  vsCost: 4,
  msCost: 4,
}

function priorityOf(id: ColumnId, amounts: ChargebackColumnsOptions['amounts']): number {
  if (id === 'vsCost' && amounts.vsAmount !== null) return 2
  if (id === 'msCost' && amounts.msAmount !== null) return 2
  return PRIORITY[id]
}

function computed(id: ColumnId, o: ChargebackColumnsOptions): Computed {
  const pct = (field: keyof Usage) => ({
    value: (r: LevelRow) => r[field],
    render: (r: LevelRow) => chargebackPercent(r[field], o.total[field]),
    exportValue: (r: LevelRow) => chargebackPercent(r[field], o.total[field]),
  })
  switch (id) {
    case 'count':
      return { value: (r) => r.count, render: (r) => formatCount(r.count) }
    case 'vsHours':
      return {
        value: (r) => hours(r.vs),
        render: (r) => formatHoursOf(r.vs),
        exportValue: (r) => formatHoursOf(r.vs),
      }
    case 'msHours':
      return {
        value: (r) => mbSecondsToGbHours(r.ms),
        render: (r) => formatGbHoursOf(r.ms),
        exportValue: (r) => formatGbHoursOf(r.ms),
      }
    case 'vsPct':
      return pct('vs')
    case 'msPct':
      return pct('ms')
    case 'ioPct':
      return pct('io')
    case 'io':
      return { value: (r) => r.io, render: (r) => formatBytes(r.io) }
    case 'vsCost':
      return {
        value: (r) => priced(hours(r.vs), o.amounts.vsAmount),
        render: (r) => dollars(priced(hours(r.vs), o.amounts.vsAmount)),
      }
    case 'msCost':
      return {
        value: (r) => priced(mbSecondsToGbHours(r.ms), o.amounts.msAmount),
        render: (r) => dollars(priced(mbSecondsToGbHours(r.ms), o.amounts.msAmount)),
      }
    case 'cost':
      return {
        value: (r) => centsToDollars(o.type, r.cents),
        render: (r) => formatDollars(centsToDollars(o.type, r.cents)),
      }
  }
}

/**
 * The chargeback table's columns for a flavour (02 §2): the group value, then the flavour's
 * measures with their shares and costs, titled as its CSV headers (B299). The group value is a
 * link that drills into it while a group-by is left below (B149).
 */
export function chargebackColumns(o: ChargebackColumnsOptions): DataColumn<LevelRow>[] {
  const { onDrill } = o
  return [
    {
      key: 'label',
      title: o.groupLabel,
      // The least it needs: it also takes whatever room the measures leave.
      width: 180,
      priority: 1,
      sticky: true,
      searchable: true,
      value: (r) => r.label,
      render: onDrill
        ? (r) => (
            <Anchor
              component="button"
              type="button"
              size="sm"
              aria-label={`Drill into ${r.label}`}
              onClick={(e) => {
                e.stopPropagation()
                onDrill(r.value)
              }}
            >
              {r.label}
            </Anchor>
          )
        : undefined,
    },
    ...FLAVOURS[o.type].columns.map(({ id, title }) => ({
      key: id,
      title,
      align: 'right' as const,
      width: NUMBER_WIDTH,
      priority: priorityOf(id, o.amounts),
      searchable: false,
      sortable: !(o.freemium && COST_COLUMNS.includes(id)),
      ...computed(id, o),
    })),
  ]
}

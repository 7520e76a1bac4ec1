/**
 * The Snowflake cost pages (03 §2 /cost/…, R122-R126) as configuration: one page component, the
 * view chosen by path. Breakdowns differ only in the call, the row's name and where a row leads.
 */
export type CostBreakdownCall = 'costUsers' | 'costWarehouses' | 'costTags'

export type CostView =
  | { kind: 'overview'; title: string }
  | {
      kind: 'breakdown'
      title: string
      call: CostBreakdownCall
      rowTitle: string
      /** Where a row leads: its queries or its warehouse; none for tags. */
      link?: 'queries-by-user' | 'warehouse'
    }
  | { kind: 'queries'; title: string }

export const COST_VIEWS: Readonly<Record<string, CostView>> = {
  '/cost/osd_cost_overview': { kind: 'overview', title: 'Cost overview' },
  '/cost/osd_cost_users': {
    kind: 'breakdown',
    title: 'Cost by user',
    call: 'costUsers',
    rowTitle: 'User',
    link: 'queries-by-user',
  },
  '/cost/osd_cost_warehouses': {
    kind: 'breakdown',
    title: 'Cost by warehouse',
    call: 'costWarehouses',
    rowTitle: 'Warehouse',
    link: 'warehouse',
  },
  '/cost/osd_cost_queries': { kind: 'queries', title: 'Cost by query' },
  '/cost/osd_tags': {
    kind: 'breakdown',
    title: 'Cost by query tag',
    call: 'costTags',
    rowTitle: 'Query tag',
  },
}

import {
  lastReachablePage,
  queryStringFromState,
  type DateRange,
  type FrozenTimeUser,
  type Plan,
  type QueryValue,
} from '@costlens/shared'

/**
 * A list's state declared once (issue 16, "address state from one declaration"): each field says
 * how it is read from and written to the address and what it is by default; the declaration says
 * which changes send the filters back to their defaults. From that one description come the
 * defaults, `read`, `write`, `change` (with the 02 §4 reset rules) and the request body, so a list
 * screen's state module is a declaration instead of 200–350 lines of parsing and reducing.
 */

/** What reading a list needs besides the address: the page clock's "now" and the user's limits. */
export interface ListContext {
  now: number
  /** B052 frozen time, B054 the plan's longest range. */
  user?: FrozenTimeUser & { plan?: Plan }
  /** The list's tab, when the declaration names one: the defaults that differ per tab read it. */
  tab?: string
}

/** The address entries a field writes; undefined, '' and [] are left out of the address. */
export type AddressEntries = Readonly<Record<string, QueryValue | undefined>>

/** One field of a list: its address key(s), how it is read and written, and its default. */
export interface Field<T> {
  read(params: URLSearchParams, context: ListContext): T
  write(value: T): AddressEntries
  defaultValue(context: ListContext): T
  /** The page field: every change but a page change sends it back to its default (page 1). */
  isPage?: boolean
  /** Its default depends on the tab (`context.tab`): a new tab takes that tab's default (B096, B180). */
  followsTab?: boolean
  /** On the page field: the records a list may reach (B097); a later page reads as the last one. */
  maxRecords?: number
  /** The page size field, which the page field's last reachable page is counted with. */
  isPageSize?: boolean
}

/** The list's date range as it is kept: the instants and the preset they came from. */
export interface RangeState {
  dateRange: DateRange
  /** A preset value ('today', '24_h' …), or 'custom' for picked dates. */
  rangeLabel: string
}

type Fields = Record<string, Field<unknown>>
type Values<F> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never }

export interface ListDeclaration<F extends Fields, G extends Fields> {
  /** The range field (`addressRange`), kept as `dateRange` and `rangeLabel` at the top of the state. */
  range?: Field<RangeState>
  /** Tab, cluster, sort, page, page size …: each kept under its own name. */
  fields: F
  /** The filter panel's fields, kept together under `filters`: the part the reset rules reset. */
  filters: G
  /**
   * The changes that send the filters back to their defaults (02 §4): a tab or a new range on the
   * EMR and application lists (their options come from the old answer's metadata); none on the
   * pipelines list, whose options never depend on the window.
   */
  resetFiltersOn?: readonly ('range' | keyof F)[]
  /**
   * The field that is the list's tab, when its other defaults differ per tab (the application
   * lists' sort and page size): they are read, written and reset against the current tab's.
   */
  tab?: keyof F & string
  /**
   * The list's own rules across fields, applied to what the address says (a page cap that depends
   * on the page size, what the user's plan allows): the state the list shows instead of a refusal.
   */
  refine?: (state: ListStateOf<F, G>, context: ListContext) => ListStateOf<F, G>
  /**
   * The changes that send some filters only back to their defaults: on the Snowflake query list a
   * new tab clears the insights filter and keeps the others (B233).
   */
  clearFiltersOn?: Partial<Record<'range' | (keyof F & string), readonly (keyof G & string)[]>>
}

/** The whole state of a declared list. */
export type ListStateOf<F extends Fields, G extends Fields> = RangeState & Values<F> & { filters: Values<G> }

/**
 * One change to a list. A field changes with `{ type: name, [name]: value }` (the shape the table's
 * `listTableChange` already emits for sort, page and page size), filters merge, a range comes from
 * the picker, and reset restores the default filters.
 */
export type ListChange<F extends Fields, G extends Fields> =
  | { [K in keyof F & string]: { type: K } & { [P in K]: Values<F>[K] } }[keyof F & string]
  | { type: 'filters'; filters: Partial<Values<G>> }
  | { type: 'range'; dateRange: DateRange; label: string }
  | { type: 'reset' }

export interface ListStateDefinition<F extends Fields, G extends Fields> {
  defaults(context: ListContext): ListStateOf<F, G>
  read(search: string | URLSearchParams, context: ListContext): ListStateOf<F, G>
  /** B030: the address, keys sorted, every value equal to its default left out. */
  write(state: ListStateOf<F, G>, context: ListContext): string
  change(state: ListStateOf<F, G>, event: ListChange<F, G>, context: ListContext): ListStateOf<F, G>
}

const NO_RANGE: Field<RangeState> = {
  read: () => ({ dateRange: { start: 0, end: 0 }, rangeLabel: 'custom' }),
  write: () => ({}),
  defaultValue: () => ({ dateRange: { start: 0, end: 0 }, rangeLabel: 'custom' }),
}

function mapFields<T>(fields: Fields, each: (field: Field<unknown>, name: string) => T): Record<string, T> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, each(field, name)]))
}

/** The entries of `field` for `value`, less those that equal the default's: a plain visit stays a plain URL. */
function entriesBesideDefault<T>(field: Field<T>, value: T, fallback: T): AddressEntries {
  const mine = field.write(value)
  const theirs = field.write(fallback)
  return Object.fromEntries(
    Object.entries(mine).filter(([key, v]) => JSON.stringify(v) !== JSON.stringify(theirs[key])),
  )
}

/** Declares a list's state; see `ListDeclaration`. */
export function defineListState<F extends Fields, G extends Fields>(
  declaration: ListDeclaration<F, G>,
): ListStateDefinition<F, G> {
  const { fields, filters, resetFiltersOn = [], clearFiltersOn = {}, tab: tabName, refine } = declaration
  const range = declaration.range ?? NO_RANGE
  type State = ListStateOf<F, G>
  const pageName = Object.keys(fields).find((name) => fields[name]!.isPage)
  const pageSizeName = Object.keys(fields).find((name) => fields[name]!.isPageSize)
  const maxRecords = pageName ? fields[pageName]!.maxRecords : undefined
  const filterDefaults = (context: ListContext) =>
    mapFields(filters, (f) => f.defaultValue(context)) as Values<G>
  /** The context with the tab the state shows (or, without a state, the context's or the default tab). */
  const onTab = (context: ListContext, state?: Record<string, unknown>): ListContext => {
    if (!tabName) return context
    const tab = state ? state[tabName] : (context.tab ?? fields[tabName]!.defaultValue(context))
    return { ...context, tab: String(tab) }
  }

  const defaults = (context: ListContext): State => {
    const inTab = onTab(context)
    return {
      ...range.defaultValue(inTab),
      ...mapFields(fields, (f) => f.defaultValue(inTab)),
      ...(tabName && { [tabName]: inTab.tab }),
      filters: filterDefaults(inTab),
    } as State
  }

  const read = (search: string | URLSearchParams, context: ListContext): State => {
    const params = typeof search === 'string' ? new URLSearchParams(search) : search
    const inTab = tabName ? { ...context, tab: String(fields[tabName]!.read(params, context)) } : context
    const values = mapFields(fields, (f) => f.read(params, inTab))
    if (pageName && pageSizeName && maxRecords !== undefined) {
      const last = lastReachablePage(maxRecords, values[pageSizeName] as number)
      values[pageName] = Math.min(values[pageName] as number, last)
    }
    const state = {
      ...range.read(params, inTab),
      ...values,
      filters: mapFields(filters, (f) => f.read(params, inTab)),
    } as State
    return refine ? refine(state, inTab) : state
  }

  const write = (state: State, context: ListContext): string => {
    // Every value is compared with its default on the state's own tab; the tab with the list's default tab.
    const fallback = defaults(onTab(context, state))
    const values = state as Record<string, unknown>
    const fallbackValues: Record<string, unknown> = {
      ...fallback,
      ...(tabName && { [tabName]: fields[tabName]!.defaultValue(context) }),
    }
    const filterValues = state.filters as Record<string, unknown>
    const filterFallback = fallback.filters as Record<string, unknown>
    return queryStringFromState(
      Object.assign(
        {},
        entriesBesideDefault(range, state, fallback),
        ...Object.entries(fields).map(([n, f]) => entriesBesideDefault(f, values[n], fallbackValues[n])),
        ...Object.entries(filters).map(([n, f]) =>
          entriesBesideDefault(f, filterValues[n], filterFallback[n]),
        ),
      ) as Record<string, QueryValue>,
    )
  }

  const change = (state: State, event: ListChange<F, G>, context: ListContext): State => {
    // The union is keyed by the declaration's own field names, which a switch cannot narrow.
    const plain = event as { type: string; [key: string]: unknown }
    const newTab = tabName !== undefined && plain.type === tabName
    const inTab = newTab ? { ...context, tab: String(plain[tabName]) } : onTab(context, state)
    const page = pageName ? { [pageName]: fields[pageName]!.defaultValue(inTab) } : {}
    const resetsFilters = (resetFiltersOn as readonly string[]).includes(event.type)
    const cleared = (clearFiltersOn as Record<string, readonly string[] | undefined>)[event.type] ?? []
    const defaultsNow = filterDefaults(inTab) as Record<string, unknown>
    const filtersAfter = resetsFilters
      ? filterDefaults(inTab)
      : ({
          ...state.filters,
          ...Object.fromEntries(cleared.map((name) => [name, defaultsNow[name]])),
        } as Values<G>)
    if (event.type === 'filters')
      return { ...state, filters: { ...state.filters, ...(plain.filters as object) }, ...page } as State
    if (event.type === 'reset') return { ...state, filters: filterDefaults(inTab), ...page }
    if (event.type === 'range') {
      const { dateRange, label } = plain as unknown as { dateRange: DateRange; label: string }
      return { ...state, dateRange, rangeLabel: label, filters: filtersAfter, ...page }
    }
    // A new tab takes that tab's own defaults where they differ per tab (its sort, its page size).
    const tabDefaults = newTab
      ? Object.fromEntries(
          Object.entries(fields)
            .filter(([, f]) => f.followsTab)
            .map(([n, f]) => [n, f.defaultValue(inTab)]),
        )
      : {}
    // A page change keeps the page it asks for; every other change starts the list again at page 1.
    const samePage = plain.type === pageName ? {} : page
    return {
      ...state,
      filters: filtersAfter,
      ...tabDefaults,
      ...samePage,
      [plain.type]: plain[plain.type],
    } as State
  }

  return { defaults, read, write, change }
}

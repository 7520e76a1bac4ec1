import { Type, type Static } from 'typebox'
import { DATE_PARAM_PATTERNS } from './dates.ts'
import { ClusterTypeSchema } from './common.ts'

/*
 * OpenSearch dashboards (issue 23 /os_dashboard: R127 Snowflake and R160 BigQuery, admin only; R221
 * Kubernetes; E179, which shows no call). The fields are ours, named after OpenSearch Dashboards':
 * a dashboard is a saved object of panels laid out on a grid, each panel one visualisation of the
 * platform's own data. Decisions:
 * - Every platform has three prebuilt dashboards (cost, usage, performance), read-only; a copy is a
 *   saved dashboard, which any of the platform's users who may open the page sees and changes (saved
 *   objects are tenant-wide in OpenSearch) and only its maker deletes.
 * - A panel is an entry of the platform's panel catalogue (the simulator's), placed with a width of
 *   1, 2 or 3 columns of a 3-column grid; the order of the list is the order on the page.
 * - One data call per dashboard, the panels' ids in its query: one request, one sign-in check and
 *   one pass over the shared windows, where eight calls would queue behind the browser's six
 *   connections and the simulator's single SQLite connection anyway.
 */

/** The most panels a dashboard holds. */
export const MAX_DASHBOARD_PANELS = 24
export const MAX_DASHBOARD_NAME_LENGTH = 80
/** The most saved dashboards a platform of an install keeps. */
export const MAX_SAVED_DASHBOARDS = 100
/** The longest window a dashboard reads (the Kubernetes calls' limit, the longest of the three). */
export const DASHBOARD_MAX_WINDOW_DAYS = 90
/** The most points a series of a panel has (the console's charts' limit). */
export const DASHBOARD_MAX_POINTS = 2000

/** A panel's width in columns of the dashboard's 3-column grid. */
export const PANEL_WIDTHS = [1, 2, 3] as const
export type PanelWidth = (typeof PANEL_WIDTHS)[number]

/** How a panel draws its figures: a KPI tile, a line over time, bars by category, a top-N table. */
export const PANEL_VISUALISATIONS = ['kpi', 'line', 'bar', 'table'] as const
export type PanelVisualisation = (typeof PANEL_VISUALISATIONS)[number]

/** The prebuilt dashboards every platform has, by id. */
export const PREBUILT_DASHBOARD_IDS = ['cost', 'usage', 'performance'] as const
export type PrebuiltDashboardId = (typeof PREBUILT_DASHBOARD_IDS)[number]

/** The interval of a dashboard's series. */
export const DASHBOARD_INTERVALS = ['hour', 'day'] as const
export type DashboardInterval = (typeof DASHBOARD_INTERVALS)[number]

/** Messages of the dashboards' rules (costlens's: the spec words none). */
export const DASHBOARD_MESSAGES = {
  nameTaken: 'A dashboard with this name already exists.',
  unknownPanel: (id: string) => `There is no panel ${id} on this platform.`,
  repeatedPanel: (id: string) => `The panel ${id} is on the dashboard twice.`,
  prebuiltReadOnly: 'Prebuilt dashboards are read-only: copy one to change it.',
  notYours: 'Only the user who saved a dashboard can delete it.',
  tooMany: `An install keeps at most ${MAX_SAVED_DASHBOARDS} saved dashboards per platform: delete one first.`,
  notFound: (id: string) => `There is no dashboard ${id} on this platform.`,
  badRange: 'querystring/startTime must not be after querystring/endTime',
  longRange: (days: number) =>
    `querystring/startTime: the window is ${days} days; at most ${DASHBOARD_MAX_WINDOW_DAYS}`,
  futureEnd: 'querystring/endTime must not be later than now',
  tooManyPoints: (points: number) =>
    `querystring/interval: hour over this window is ${points} points; at most ${DASHBOARD_MAX_POINTS}: choose day`,
  noPanels: 'querystring/panels must name at least one panel',
  tooManyPanels: `querystring/panels: at most ${MAX_DASHBOARD_PANELS} panels`,
} as const

const PanelIdSchema = Type.String({
  minLength: 1,
  maxLength: 60,
  pattern: '^[a-z0-9_]+$',
  description: 'an id of the platform’s panel catalogue',
})

/** A dashboard's id: a prebuilt one's name, or a saved one's number. */
export const DashboardIdSchema = Type.String({
  pattern: '^(?:cost|usage|performance|[1-9][0-9]{0,9})$',
  description: 'cost, usage or performance (prebuilt), or a saved dashboard’s number',
})

const PanelWidthSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  description: 'columns of the 3-column grid',
})

/** One panel placed on a dashboard: which, and how wide. */
export const PanelPlacementSchema = Type.Object(
  {
    panelId: PanelIdSchema,
    width: PanelWidthSchema,
  },
  { additionalProperties: false, title: 'PanelPlacement' },
)
export type PanelPlacement = Static<typeof PanelPlacementSchema>

const NameSchema = Type.String({
  minLength: 1,
  maxLength: MAX_DASHBOARD_NAME_LENGTH,
  pattern: String.raw`\S`,
  description: 'unique among the platform’s dashboards, compared without case or surrounding spaces',
})

/** POST and PUT body: a saved dashboard as the editor writes it. */
export const DashboardInputSchema = Type.Object(
  {
    name: NameSchema,
    panels: Type.Array(PanelPlacementSchema, {
      minItems: 1,
      maxItems: MAX_DASHBOARD_PANELS,
      description: 'in the order they are drawn',
    }),
  },
  { additionalProperties: false, title: 'DashboardInput' },
)
export type DashboardInput = Static<typeof DashboardInputSchema>

/** A copy's name (the copy keeps the panels of the dashboard it copies). */
export const DashboardCopyInputSchema = Type.Object(
  { name: NameSchema },
  { additionalProperties: false, title: 'DashboardCopyInput' },
)
export type DashboardCopyInput = Static<typeof DashboardCopyInputSchema>

export const DashboardParamsSchema = Type.Object({ id: DashboardIdSchema }, { additionalProperties: false })

/** A dashboard as the picker and the page read it. */
export const DashboardSchema = Type.Object(
  {
    id: Type.String(),
    platform: ClusterTypeSchema,
    name: Type.String(),
    kind: Type.Enum(['prebuilt', 'saved'] as const),
    description: Type.String(),
    panels: Type.Array(PanelPlacementSchema, { maxItems: MAX_DASHBOARD_PANELS }),
    createdBy: Type.Union([Type.String(), Type.Null()], { description: 'null for a prebuilt one' }),
    createdAt: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms' }),
    updatedAt: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms' }),
    updatedBy: Type.Union([Type.String(), Type.Null()]),
    editable: Type.Boolean({ description: 'false for a prebuilt one' }),
    deletable: Type.Boolean({ description: 'true for a saved one the user made' }),
  },
  { title: 'Dashboard' },
)
export type Dashboard = Static<typeof DashboardSchema>

/** An entry of a platform's panel catalogue, as the editor offers it. */
export const PanelDefinitionSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    unit: Type.String({ description: 'the unit of its figures: USD, credits, GiB, core-hours…' }),
    visualisation: Type.Enum(PANEL_VISUALISATIONS),
    description: Type.String(),
    defaultWidth: PanelWidthSchema,
  },
  { title: 'PanelDefinition' },
)
export type PanelDefinition = Static<typeof PanelDefinitionSchema>

/** GET …/dashboards: the catalogue and the platform's dashboards, prebuilt first. */
export const DashboardListSchema = Type.Object(
  {
    platform: ClusterTypeSchema,
    catalogue: Type.Array(PanelDefinitionSchema),
    dashboards: Type.Array(DashboardSchema, {
      maxItems: MAX_SAVED_DASHBOARDS + PREBUILT_DASHBOARD_IDS.length,
    }),
  },
  { title: 'DashboardList' },
)
export type DashboardList = Static<typeof DashboardListSchema>

export const DashboardDeletedSchema = Type.Object({ id: Type.String(), deleted: Type.Boolean() })

const InstantSchema = Type.String({
  maxLength: 40,
  pattern: DATE_PARAM_PATTERNS.iso,
  description: 'ISO-8601 date-time, UTC',
})

/** The data call's query: the panels and the dashboard's window and interval. */
export const PanelDataQuerySchema = Type.Object(
  {
    panels: Type.String({
      minLength: 1,
      maxLength: MAX_DASHBOARD_PANELS * 61,
      description: `comma-separated panel ids, at most ${MAX_DASHBOARD_PANELS}`,
    }),
    startTime: Type.Optional(InstantSchema),
    endTime: Type.Optional(InstantSchema),
    interval: Type.Optional(
      Type.Enum(DASHBOARD_INTERVALS, {
        description: 'of the series; default hour up to 2 days, day beyond',
      }),
    ),
  },
  { additionalProperties: false, title: 'PanelDataQuery' },
)
export type PanelDataQuery = Static<typeof PanelDataQuerySchema>

const PointSchema = Type.Tuple([Type.Number(), Type.Number()], { description: '[epoch ms, value]' })

const common = { panelId: Type.String(), unit: Type.String() }

export const KpiPanelDataSchema = Type.Object(
  {
    ...common,
    visualisation: Type.Literal('kpi'),
    value: Type.Number(),
    note: Type.Optional(Type.String()),
  },
  { title: 'KpiPanelData' },
)
export const LinePanelDataSchema = Type.Object(
  {
    ...common,
    visualisation: Type.Literal('line'),
    interval: Type.Enum(DASHBOARD_INTERVALS),
    series: Type.Array(
      Type.Object({
        name: Type.String(),
        data: Type.Array(PointSchema, { maxItems: DASHBOARD_MAX_POINTS }),
      }),
    ),
  },
  { title: 'LinePanelData' },
)
export const BarPanelDataSchema = Type.Object(
  {
    ...common,
    visualisation: Type.Literal('bar'),
    categories: Type.Array(Type.String()),
    series: Type.Array(Type.Object({ name: Type.String(), data: Type.Array(Type.Number()) })),
  },
  { title: 'BarPanelData' },
)
export const TablePanelDataSchema = Type.Object(
  {
    ...common,
    visualisation: Type.Literal('table'),
    label: Type.String({ description: 'the first column’s title' }),
    columns: Type.Array(Type.Object({ title: Type.String(), unit: Type.String() })),
    rows: Type.Array(
      Type.Object({ key: Type.String(), label: Type.String(), values: Type.Array(Type.Number()) }),
    ),
  },
  { title: 'TablePanelData' },
)

export const PanelDataSchema = Type.Union([
  KpiPanelDataSchema,
  LinePanelDataSchema,
  BarPanelDataSchema,
  TablePanelDataSchema,
])
export type PanelData = Static<typeof PanelDataSchema>
export type KpiPanelData = Static<typeof KpiPanelDataSchema>
export type LinePanelData = Static<typeof LinePanelDataSchema>
export type BarPanelData = Static<typeof BarPanelDataSchema>
export type TablePanelData = Static<typeof TablePanelDataSchema>

/** The panels' figures over the window, in the order asked. */
export const DashboardDataSchema = Type.Object(
  {
    platform: ClusterTypeSchema,
    startTime: Type.String({ description: 'the window read, ISO' }),
    endTime: Type.String(),
    interval: Type.Enum(DASHBOARD_INTERVALS),
    panels: Type.Array(PanelDataSchema, { maxItems: MAX_DASHBOARD_PANELS }),
  },
  { title: 'DashboardData' },
)
export type DashboardData = Static<typeof DashboardDataSchema>

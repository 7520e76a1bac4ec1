import {
  DASHBOARD_MESSAGES,
  MAX_DASHBOARD_PANELS,
  MAX_SAVED_DASHBOARDS,
  PREBUILT_DASHBOARD_IDS,
  channelNameKey,
  type ClusterType,
  type Dashboard,
  type DashboardData,
  type DashboardInput,
  type DashboardList,
  type PanelDataQuery,
  type PanelPlacement,
  type PrebuiltDashboardId,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { BIGQUERY_PANELS, BIGQUERY_PREBUILT } from './os-dashboard-bigquery.ts'
import type { PanelEntry } from './os-dashboard-catalogue.ts'
import { KUBERNETES_PANELS, KUBERNETES_PREBUILT } from './os-dashboard-kubernetes.ts'
import { SNOWFLAKE_PANELS, SNOWFLAKE_PREBUILT } from './os-dashboard-snowflake.ts'
import { dashboardWindow, isoWindow } from './os-dashboard-window.ts'
import type { ClusterScope } from './scope.ts'

/*
 * OpenSearch dashboards (issue 23 /os_dashboard): each platform's panel catalogue and prebuilt
 * dashboards (os-dashboard-{snowflake,bigquery,kubernetes}.ts), its saved dashboards in SQLite
 * (os_dashboards), and the panels' figures over a window. A saved dashboard is of the platform of
 * the user who saved it; another platform's is not there (404).
 */

interface PlatformDashboards {
  panels: readonly PanelEntry[]
  prebuilt: Readonly<Record<PrebuiltDashboardId, readonly PanelPlacement[]>>
}

const PLATFORMS: Partial<Record<ClusterType, PlatformDashboards>> = {
  SNOWFLAKE: { panels: SNOWFLAKE_PANELS, prebuilt: SNOWFLAKE_PREBUILT },
  BIGQUERYV2: { panels: BIGQUERY_PANELS, prebuilt: BIGQUERY_PREBUILT },
  K8S: { panels: KUBERNETES_PANELS, prebuilt: KUBERNETES_PREBUILT },
}

const PREBUILT_TEXT: Readonly<Record<PrebuiltDashboardId, { name: string; description: string }>> = {
  cost: { name: 'Cost', description: 'What the platform cost over the window, and who spent it.' },
  usage: { name: 'Usage', description: 'How much was used over the window, and by whom.' },
  performance: { name: 'Performance', description: 'Failures, waits and the slowest work of the window.' },
}

/** The platform's dashboards and catalogue (the routes only answer the three platforms'). */
function platformOf(platform: ClusterType): PlatformDashboards {
  const found = PLATFORMS[platform]
  if (!found) throw new HttpError(403, 'Dashboards are not available on this platform')
  return found
}

const isPrebuilt = (id: string): id is PrebuiltDashboardId =>
  (PREBUILT_DASHBOARD_IDS as readonly string[]).includes(id)

/** Who is asking: the platform whose dashboards they see, their name for what they write, and now. */
export interface DashboardActor {
  platform: ClusterType
  username: string
  now: number
}

interface DashboardRow {
  id: number
  platform: ClusterType
  name: string
  panels: string
  created_by: string
  created_at: number
  updated_by: string
  updated_at: number
}

function prebuiltDashboard(platform: ClusterType, id: PrebuiltDashboardId): Dashboard {
  return {
    id,
    platform,
    ...PREBUILT_TEXT[id],
    kind: 'prebuilt',
    panels: [...platformOf(platform).prebuilt[id]],
    createdBy: null,
    createdAt: null,
    updatedAt: null,
    updatedBy: null,
    editable: false,
    deletable: false,
  }
}

function savedDashboard(row: DashboardRow, username: string): Dashboard {
  return {
    id: String(row.id),
    platform: row.platform,
    name: row.name,
    kind: 'saved',
    description: `Saved by ${row.created_by}`,
    panels: JSON.parse(row.panels) as PanelPlacement[],
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    editable: true,
    deletable: row.created_by === username,
  }
}

const savedRow = (db: Db, platform: ClusterType, id: number) =>
  cachedStatement(db, 'SELECT * FROM os_dashboards WHERE platform = ? AND id = ?').get(platform, id) as
    DashboardRow | undefined

/** A dashboard of the platform by id: prebuilt or saved, else 404. */
function dashboardById(db: Db, id: string, actor: Omit<DashboardActor, 'now'>): Dashboard {
  if (isPrebuilt(id)) return prebuiltDashboard(actor.platform, id)
  const row = savedRow(db, actor.platform, Number(id))
  if (!row) throw new HttpError(404, DASHBOARD_MESSAGES.notFound(id))
  return savedDashboard(row, actor.username)
}

export function listDashboards(db: Db, actor: Omit<DashboardActor, 'now'>): DashboardList {
  const { panels } = platformOf(actor.platform)
  const rows = cachedStatement(
    db,
    'SELECT * FROM os_dashboards WHERE platform = ? ORDER BY name_key, id',
  ).all(actor.platform) as DashboardRow[]
  return {
    platform: actor.platform,
    catalogue: panels.map((p) => p.definition),
    dashboards: [
      ...PREBUILT_DASHBOARD_IDS.map((id) => prebuiltDashboard(actor.platform, id)),
      ...rows.map((row) => savedDashboard(row, actor.username)),
    ],
  }
}

/** The placements, each a panel of the platform's catalogue at most once, or 400 naming the first that is not. */
function checkedPanels(platform: ClusterType, panels: readonly PanelPlacement[]): PanelPlacement[] {
  const known = new Set(platformOf(platform).panels.map((p) => p.definition.id))
  const seen = new Set<string>()
  for (const { panelId } of panels) {
    if (!known.has(panelId)) throw new HttpError(400, DASHBOARD_MESSAGES.unknownPanel(panelId))
    if (seen.has(panelId)) throw new HttpError(400, DASHBOARD_MESSAGES.repeatedPanel(panelId))
    seen.add(panelId)
  }
  return panels.map(({ panelId, width }) => ({ panelId, width }))
}

/** The name trimmed, or 400 when another of the platform's dashboards (a prebuilt one too) has it. */
function checkedName(db: Db, platform: ClusterType, name: string, exceptId?: number): string {
  const key = channelNameKey(name)
  const prebuiltTaken = Object.values(PREBUILT_TEXT).some((p) => channelNameKey(p.name) === key)
  const savedTaken = cachedStatement(
    db,
    'SELECT 1 FROM os_dashboards WHERE platform = ? AND name_key = ? AND id IS NOT ?',
  ).get(platform, key, exceptId ?? null)
  if (prebuiltTaken || savedTaken) throw new HttpError(400, DASHBOARD_MESSAGES.nameTaken)
  return name.trim()
}

export function createDashboard(db: Db, input: DashboardInput, actor: DashboardActor): Dashboard {
  const panels = checkedPanels(actor.platform, input.panels)
  const name = checkedName(db, actor.platform, input.name)
  const count = cachedStatement(db, 'SELECT count(*) FROM os_dashboards WHERE platform = ?')
    .pluck()
    .get(actor.platform) as number
  if (count >= MAX_SAVED_DASHBOARDS) throw new HttpError(400, DASHBOARD_MESSAGES.tooMany)
  const { lastInsertRowid } = cachedStatement(
    db,
    `INSERT INTO os_dashboards (platform, name, name_key, panels, created_by, created_at, updated_by, updated_at)
     VALUES (@platform, @name, @key, @panels, @user, @now, @user, @now)`,
  ).run({
    platform: actor.platform,
    name,
    key: channelNameKey(name),
    panels: JSON.stringify(panels),
    user: actor.username,
    now: actor.now,
  })
  return dashboardById(db, String(lastInsertRowid), actor)
}

export function copyDashboard(db: Db, id: string, name: string, actor: DashboardActor): Dashboard {
  const source = dashboardById(db, id, actor)
  return createDashboard(db, { name, panels: source.panels }, actor)
}

/** A saved dashboard of the platform to change: 403 for a prebuilt one, 404 for one not there. */
function writableRow(db: Db, id: string, platform: ClusterType): DashboardRow {
  if (isPrebuilt(id)) throw new HttpError(403, DASHBOARD_MESSAGES.prebuiltReadOnly)
  const row = savedRow(db, platform, Number(id))
  if (!row) throw new HttpError(404, DASHBOARD_MESSAGES.notFound(id))
  return row
}

export function updateDashboard(db: Db, id: string, input: DashboardInput, actor: DashboardActor): Dashboard {
  const row = writableRow(db, id, actor.platform)
  const panels = checkedPanels(actor.platform, input.panels)
  const name = checkedName(db, actor.platform, input.name, row.id)
  cachedStatement(
    db,
    `UPDATE os_dashboards SET name = @name, name_key = @key, panels = @panels, updated_by = @user,
       updated_at = @now WHERE id = @id`,
  ).run({
    id: row.id,
    name,
    key: channelNameKey(name),
    panels: JSON.stringify(panels),
    user: actor.username,
    now: actor.now,
  })
  return dashboardById(db, id, actor)
}

export function deleteDashboard(db: Db, id: string, actor: Omit<DashboardActor, 'now'>): void {
  const row = writableRow(db, id, actor.platform)
  if (row.created_by !== actor.username) throw new HttpError(403, DASHBOARD_MESSAGES.notYours)
  cachedStatement(db, 'DELETE FROM os_dashboards WHERE id = ?').run(row.id)
}

/** The panel ids of the data call's query: 1-24 of the platform's catalogue, or 400. */
function askedPanels(platform: ClusterType, list: string): PanelEntry[] {
  const ids = list
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
  if (ids.length === 0) throw new HttpError(400, DASHBOARD_MESSAGES.noPanels)
  if (ids.length > MAX_DASHBOARD_PANELS) throw new HttpError(400, DASHBOARD_MESSAGES.tooManyPanels)
  const byId = new Map(platformOf(platform).panels.map((p) => [p.definition.id, p]))
  return [...new Set(ids)].map((id) => {
    const entry = byId.get(id)
    if (!entry) throw new HttpError(400, DASHBOARD_MESSAGES.unknownPanel(id))
    return entry
  })
}

/** GET …/panels/data: each asked panel's figures over one window, the reads they share made once. */
export function panelData(
  db: Db,
  platform: ClusterType,
  scope: ClusterScope,
  query: PanelDataQuery,
  now: number,
): DashboardData {
  const entries = askedPanels(platform, query.panels)
  const window = dashboardWindow(query, now)
  const reads = new Map<string, unknown>()
  const shared = <T>(key: string, read: () => T): T => {
    if (!reads.has(key)) reads.set(key, read())
    return reads.get(key) as T
  }
  const ctx = { db, now, window, scope, shared }
  return {
    platform,
    ...isoWindow(window),
    interval: window.interval,
    panels: entries.map((e) => e.read(ctx)),
  }
}

/** The panel ids of a platform's catalogue (the seed and the tests read them). */
export const catalogueIds = (platform: ClusterType): string[] =>
  platformOf(platform).panels.map((p) => p.definition.id)

/** A prebuilt dashboard's placements (the seed copies one). */
export const prebuiltPanels = (platform: ClusterType, id: PrebuiltDashboardId): PanelPlacement[] => [
  ...platformOf(platform).prebuilt[id],
]

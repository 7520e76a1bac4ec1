import {
  DATABRICKS_AVAILABILITY,
  DATABRICKS_DLT_EDITIONS,
  type DatabricksCloud,
  type DatabricksWorkspaceTier,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { insertRows } from './bulk-insert.ts'
import {
  DATABRICKS_ALL_PURPOSE_CLUSTERS,
  DATABRICKS_EMAIL_DOMAIN,
  DATABRICKS_FIRST_NAMES,
  DATABRICKS_LAST_NAMES,
  DATABRICKS_NODE_TYPES,
  DATABRICKS_RUNTIMES,
  DATABRICKS_SERVICE_PRINCIPALS,
  DATABRICKS_TAG_SETS,
  DATABRICKS_TAG_VALUES,
  DATABRICKS_WORKSPACES,
  PIPELINE_NAMES,
  type DatabricksSizes,
  type SeedNodeType,
} from './databricks-catalogue.ts'
import type { Prng } from './prng.ts'

/*
 * The Databricks objects that are not history: workspaces, principals, node types, tags, the
 * all-purpose clusters and the DLT pipelines (the jobs are planned with their runs:
 * databricks-run-plan.ts). Codes are 1-based positions, as stored.
 */

const DAY = 86_400_000

export interface WorldWorkspace {
  code: number
  cloud: DatabricksCloud
  tier: DatabricksWorkspaceTier
  region: string
  weight: number
  /** US regions work on US hours, the others on European ones (UTC hour a workday starts). */
  workdayStartUtc: number
}

export interface WorldNode extends SeedNodeType {
  code: number
}

export interface WorldCluster {
  code: number
  workspace: number
  creator: number
  node: WorldNode
  minWorkers: number
  maxWorkers: number
  availability: number
  autoTermination: number
  tagSet: number | null
  createdAt: number
}

export interface WorldPipeline {
  code: number
  pipelineId: string
  name: string
  workspace: number
  owner: number
  edition: number
  /** How it is updated: by a job's PIPELINE task, continuously, or by hand. */
  mode: 'triggered' | 'continuous' | 'manual'
  serverless: boolean
  node: WorldNode | null
  /** DBU/h of a serverless pipeline (no VMs billed). */
  serverlessDbuPerHour: number
  minWorkers: number
  maxWorkers: number
  tagSet: number | null
}

export interface DatabricksWorld {
  workspaces: WorldWorkspace[]
  /** Codes of the users (emails) and of the service principals. */
  users: number[]
  servicePrincipals: number[]
  nodes: WorldNode[]
  tagSets: number[]
  clusters: WorldCluster[]
  pipelines: WorldPipeline[]
}

/** n random digits (the first not 0). */
export function digits(prng: Prng, n: number): string {
  let out = String(prng.int(1, 9))
  for (let i = 1; i < n; i++) out += String(prng.int(0, 9))
  return out
}

/** n random lowercase hex digits. */
export function hex(prng: Prng, n: number): string {
  let out = ''
  for (let i = 0; i < n; i++) out += prng.int(0, 15).toString(16)
  return out
}

/** A version-4 UUID from the seed's generator. */
export function uuid(prng: Prng): string {
  return `${hex(prng, 8)}-${hex(prng, 4)}-4${hex(prng, 3)}-${'89ab'[prng.int(0, 3)]}${hex(prng, 3)}-${hex(prng, 12)}`
}

/** The node type of a cloud by its id (the catalogue's). */
export function nodeByName(nodes: readonly WorldNode[], nodeTypeId: string): WorldNode {
  const node = nodes.find((n) => n.nodeTypeId === nodeTypeId)
  if (!node) throw new Error(`Unknown Databricks node type ${nodeTypeId}`)
  return node
}

/** Builds the world and writes its rows (inside the caller's transaction). */
export function seedDatabricksWorld(
  db: Db,
  prng: Prng,
  now: number,
  sizes: DatabricksSizes,
): DatabricksWorld {
  const workspaces: WorldWorkspace[] = []
  const workspaceRows: unknown[][] = []
  DATABRICKS_WORKSPACES.forEach((w, i) => {
    const workspaceId = digits(prng, 16)
    const url =
      w.cloud === 'AWS'
        ? `https://dbc-${hex(prng, 8)}-${hex(prng, 4)}.cloud.databricks.com`
        : `https://adb-${workspaceId}.${prng.int(1, 19)}.azuredatabricks.net`
    workspaceRows.push([
      i + 1,
      workspaceId,
      w.name,
      url,
      w.cloud,
      w.tier,
      w.region,
      'PAT',
      1,
      w.tier === 'STANDARD' ? 0 : 1,
      '4f1c7d2e-93b8-4a6d-b0e5-6c2a91f8d3b7',
      1,
      now - w.ageDays * DAY,
    ])
    workspaces.push({
      code: i + 1,
      cloud: w.cloud,
      tier: w.tier,
      region: w.region,
      weight: w.weight,
      workdayStartUtc: w.region.startsWith('us') || w.region === 'eastus' ? 13 : 7,
    })
  })
  insertRows(
    db,
    'db_workspaces',
    [
      'code',
      'workspace_id',
      'workspace_name',
      'instance_url',
      'cloud',
      'tier',
      'region',
      'auth_type',
      'token_set',
      'sql_enabled',
      'account_id',
      'seeded',
      'created_at',
    ],
    workspaceRows,
  )

  // People first (first.last@acme.com, every pair once), then the service principals.
  const principalRows: unknown[][] = []
  for (let i = 0; i < sizes.users; i++) {
    const first = DATABRICKS_FIRST_NAMES[i % DATABRICKS_FIRST_NAMES.length]!
    const last =
      DATABRICKS_LAST_NAMES[
        (i * 5 + Math.floor(i / DATABRICKS_FIRST_NAMES.length)) % DATABRICKS_LAST_NAMES.length
      ]!
    principalRows.push([i + 1, `${first}.${last}@${DATABRICKS_EMAIL_DOMAIN}`, 0])
  }
  DATABRICKS_SERVICE_PRINCIPALS.forEach((name, i) => principalRows.push([sizes.users + i + 1, name, 1]))
  insertRows(db, 'db_principals', ['code', 'name', 'is_service_principal'], principalRows)
  const users = principalRows.slice(0, sizes.users).map((r) => r[0] as number)
  const servicePrincipals = principalRows.slice(sizes.users).map((r) => r[0] as number)

  const nodes = DATABRICKS_NODE_TYPES.map((n, i) => ({ ...n, code: i + 1 }))
  insertRows(
    db,
    'db_node_types',
    [
      'code',
      'cloud',
      'node_type_id',
      'cores',
      'memory_mb',
      'gpus',
      'dbu_per_hour',
      'vm_usd_per_hour',
      'spot_discount',
    ],
    nodes.map((n) => [
      n.code,
      n.cloud,
      n.nodeTypeId,
      n.cores,
      n.memoryMb,
      n.gpus,
      n.dbuPerHour,
      n.vmUsdPerHour,
      n.spotDiscount,
    ]),
  )

  // Tags: every key/value once; sets of a team, an env, a cost centre and, for some, a project.
  const tagCode = new Map<string, number>()
  const tagRows: unknown[][] = []
  for (const [key, values] of Object.entries(DATABRICKS_TAG_VALUES))
    for (const value of values) {
      tagCode.set(`${key}=${value}`, tagRows.length + 1)
      tagRows.push([tagRows.length + 1, key, value])
    }
  insertRows(db, 'db_tags', ['code', 'key', 'value'], tagRows)
  const setRows: unknown[][] = []
  const tagSets: number[] = []
  for (let set = 1; set <= DATABRICKS_TAG_SETS; set++) {
    const keys = prng.chance(0.6) ? ['team', 'env', 'cost_center', 'project'] : ['team', 'env', 'cost_center']
    const codes = keys.map((key) => tagCode.get(`${key}=${prng.pick(DATABRICKS_TAG_VALUES[key]!)}`)!)
    for (const tag of codes.sort((a, b) => a - b)) setRows.push([set, tag])
    tagSets.push(set)
  }
  insertRows(db, 'db_tag_sets', ['code', 'tag'], setRows)
  // About one object in six carries no tags (a gap the chargeback by tag shows as "untagged").
  const tagSetOf = () => (prng.chance(0.16) ? null : prng.pick(tagSets))

  const clusters: WorldCluster[] = DATABRICKS_ALL_PURPOSE_CLUSTERS.slice(0, sizes.clusters).map((c, i) => ({
    code: i + 1,
    workspace: c.workspace,
    creator: prng.pick(users),
    node: nodeByName(nodes, c.nodeTypeId),
    minWorkers: c.minWorkers,
    maxWorkers: c.maxWorkers,
    availability: DATABRICKS_AVAILABILITY.indexOf(c.availability),
    autoTermination: c.autoTermination,
    tagSet: tagSetOf(),
    createdAt: now - c.ageDays * DAY,
  }))
  insertRows(
    db,
    'db_clusters',
    [
      'code',
      'cluster_id',
      'workspace',
      'cluster_name',
      'creator',
      'node_type',
      'driver_node_type',
      'min_workers',
      'max_workers',
      'availability',
      'auto_termination_minutes',
      'runtime_version',
      'photon',
      'tag_set',
      'created_at',
    ],
    clusters.map((c, i) => {
      const seed = DATABRICKS_ALL_PURPOSE_CLUSTERS[i]!
      return [
        c.code,
        seed.clusterId,
        c.workspace,
        seed.name,
        c.creator,
        c.node.code,
        c.node.code,
        c.minWorkers,
        c.maxWorkers,
        c.availability,
        c.autoTermination,
        seed.photon ? '15.4.x-photon-scala2.12' : prng.pick(DATABRICKS_RUNTIMES),
        seed.photon ? 1 : 0,
        c.tagSet,
        c.createdAt,
      ]
    }),
  )

  // Pipelines, by position: triggered by a job, continuous, triggered, by hand (every edition at the
  // small scale's four); only where the tier sells DLT (not the legacy Standard workspace).
  const dltWorkspaces = workspaces.filter((w) => w.tier !== 'STANDARD')
  const modes = ['triggered', 'continuous', 'triggered', 'manual'] as const
  const pipelines: WorldPipeline[] = []
  for (let i = 0; i < sizes.pipelines; i++) {
    const workspace = dltWorkspaces[i % dltWorkspaces.length]!
    const mode = modes[i % modes.length]!
    const serverless = mode !== 'triggered' && prng.chance(0.35)
    const cloudNodes = nodes.filter((n) => n.cloud === workspace.cloud && n.gpus === 0)
    const minWorkers = prng.int(1, 4)
    pipelines.push({
      code: i + 1,
      pipelineId: uuid(prng),
      name: PIPELINE_NAMES[i % PIPELINE_NAMES.length]! + (i >= PIPELINE_NAMES.length ? `_${i}` : ''),
      workspace: workspace.code,
      owner: prng.chance(0.7) ? servicePrincipals[2]! : prng.pick(users),
      edition: i % DATABRICKS_DLT_EDITIONS.length,
      mode,
      serverless,
      node: serverless ? null : prng.pick(cloudNodes),
      serverlessDbuPerHour: prng.int(4, 16),
      minWorkers,
      maxWorkers: minWorkers + prng.int(0, 6),
      tagSet: tagSetOf(),
    })
  }
  insertRows(
    db,
    'db_pipelines',
    [
      'code',
      'pipeline_id',
      'workspace',
      'name',
      'owner',
      'edition',
      'continuous',
      'serverless',
      'node_type',
      'min_workers',
      'max_workers',
      'tag_set',
      'created_at',
    ],
    pipelines.map((p) => [
      p.code,
      p.pipelineId,
      p.workspace,
      p.name,
      p.owner,
      p.edition,
      p.mode === 'continuous' ? 1 : 0,
      p.serverless ? 1 : 0,
      p.node?.code ?? null,
      p.minWorkers,
      p.maxWorkers,
      p.tagSet,
      now - prng.int(120, 500) * DAY,
    ]),
  )
  return { workspaces, users, servicePrincipals, nodes, tagSets, clusters, pipelines }
}

/** A tag set or none (about one object in six is untagged), drawn like the world's. */
export function drawTagSet(prng: Prng, world: DatabricksWorld): number | null {
  return prng.chance(0.16) ? null : prng.pick(world.tagSets)
}

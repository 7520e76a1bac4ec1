import {
  DATABRICKS_AVAILABILITY,
  DATABRICKS_COMPUTE_KINDS,
  DATABRICKS_SKUS,
  DATABRICKS_TASK_TYPES,
  type DatabricksSku,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { insertRows } from './bulk-insert.ts'
import { JOB_DOMAINS, JOB_VERBS, RUN_FAILURES, type ScheduleKind } from './databricks-catalogue.ts'
import {
  digits,
  drawTagSet,
  type DatabricksWorld,
  type WorldCluster,
  type WorldNode,
  type WorldPipeline,
  type WorldWorkspace,
} from './databricks-world.ts'
import type { Prng } from './prng.ts'

/*
 * The Databricks jobs: a schedule, 1-5 tasks, the compute their runs get (mostly a new job cluster,
 * some an all-purpose cluster — waste —, some serverless), and the traits their runs are drawn
 * from (a typical duration that drifts over the history, how often they fail, retries, time-out).
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const COMPUTE_JOB = DATABRICKS_COMPUTE_KINDS.indexOf('JOB')
export const COMPUTE_ALL_PURPOSE = DATABRICKS_COMPUTE_KINDS.indexOf('ALL_PURPOSE')
export const COMPUTE_SERVERLESS = DATABRICKS_COMPUTE_KINDS.indexOf('SERVERLESS')
const ON_DEMAND = DATABRICKS_AVAILABILITY.indexOf('ON_DEMAND')
const sku = (name: DatabricksSku) => DATABRICKS_SKUS.indexOf(name)
const taskType = (name: (typeof DATABRICKS_TASK_TYPES)[number]) => DATABRICKS_TASK_TYPES.indexOf(name)

export interface PlannedTask {
  key: string
  type: number
  source: string
  dependsOn: string
}

export interface PlannedJob {
  code: number
  workspace: WorldWorkspace
  jobId: number
  name: string
  owner: number
  runAs: number
  kind: ScheduleKind
  /** Quartz cron (UTC), null when triggered by hand or on file arrival. */
  schedule: string | null
  /** Periodic schedules: slots at k × period + offset (epoch ms). */
  period: number
  offset: number
  computeKind: number
  cluster: WorldCluster | null
  /** The job cluster's node type (a PIPELINE-only job: its pipeline's), null on serverless or all-purpose. */
  node: WorldNode | null
  minWorkers: number
  maxWorkers: number
  availability: number
  tagSet: number | null
  /** DATABRICKS_SKUS index its runs are billed at. */
  sku: number
  tasks: PlannedTask[]
  /** The pipeline its PIPELINE task refreshes (its runs make that pipeline's updates). */
  pipeline: WorldPipeline | null
  /** Typical run time (work, after setup) at the start of the history, its drift by now, its spread. */
  baseMs: number
  drift: number
  sigma: number
  failRate: number
  /** Run time-out (0: none). */
  timeoutMs: number
  maxRetries: number
  retryDelayMs: number
  serverlessDbuPerHour: number
  /** The insight bits its runs carry (DATABRICKS_INSIGHT_KEYS). */
  insightMask: number
  /** The failure it usually fails with (RUN_FAILURES index). */
  failure: number
  createdAt: number
}

/** Typical minutes of work per schedule (a 15-minute job fits its slot). */
const BASE_MINUTES: Record<ScheduleKind, [number, number]> = {
  '15min': [2, 9],
  hourly: [4, 30],
  '6h': [10, 80],
  daily: [15, 150],
  weekly: [30, 240],
  manual: [5, 120],
  file: [2, 15],
}

/** Runs per day of one job of each schedule (by hand and on file arrival: on average). */
export const RUNS_PER_DAY: Record<ScheduleKind, number> = {
  '15min': 96,
  hourly: 24,
  '6h': 4,
  daily: 1,
  weekly: 1 / 7,
  manual: 0.4,
  file: 8,
}

const WEEKDAYS = ['THU', 'FRI', 'SAT', 'SUN', 'MON', 'TUE', 'WED'] as const // epoch day 0 was a Thursday

/** The Quartz expression, period and offset of a periodic schedule drawn for a job. */
function drawSchedule(
  prng: Prng,
  kind: ScheduleKind,
): { schedule: string | null; period: number; offset: number } {
  const minute = prng.int(0, 59)
  const hour = prng.int(0, 23)
  switch (kind) {
    case '15min':
      return { schedule: `0 ${minute % 15}/15 * * * ?`, period: 15 * MINUTE, offset: (minute % 15) * MINUTE }
    case 'hourly':
      return { schedule: `0 ${minute} * * * ?`, period: HOUR, offset: minute * MINUTE }
    case '6h':
      return {
        schedule: `0 ${minute} ${hour % 6}/6 * * ?`,
        period: 6 * HOUR,
        offset: (hour % 6) * HOUR + minute * MINUTE,
      }
    case 'daily':
      return { schedule: `0 ${minute} ${hour} * * ?`, period: DAY, offset: hour * HOUR + minute * MINUTE }
    case 'weekly': {
      const weekday = prng.int(0, 6)
      return {
        schedule: `0 ${minute} ${hour} ? * ${WEEKDAYS[weekday]}`,
        period: 7 * DAY,
        offset: weekday * DAY + hour * HOUR + minute * MINUTE,
      }
    }
    default:
      return { schedule: null, period: 0, offset: 0 }
  }
}

function drawKind(prng: Prng, mix: readonly number[]): ScheduleKind {
  const kinds: ScheduleKind[] = ['15min', 'hourly', '6h', 'daily', 'weekly', 'manual', 'file']
  let u = prng.next() * mix.reduce((a, b) => a + b, 0)
  for (let i = 0; i < kinds.length; i++) {
    u -= mix[i]!
    if (u < 0) return kinds[i]!
  }
  return 'daily'
}

function drawWeighted<T extends { weight: number }>(prng: Prng, items: readonly T[]): T {
  let u = prng.next() * items.reduce((a, b) => a + b.weight, 0)
  for (const item of items) {
    u -= item.weight
    if (u < 0) return item
  }
  return items[items.length - 1]!
}

/** What a job is made to be (the first jobs of every scale: every SKU and compute kind present). */
export type JobRole = 'random' | 'pipeline' | 'light' | 'allPurpose' | 'serverless'

/** Plans jobs one at a time (the caller decides when there are enough). */
export class JobPlanner {
  private readonly names = new Set<string>()
  readonly jobs: PlannedJob[] = []

  constructor(
    private readonly prng: Prng,
    private readonly world: DatabricksWorld,
    private readonly now: number,
    private readonly historyStart: number,
    private readonly mix: readonly number[],
  ) {}

  private uniqueName(base: string): string {
    let name = base
    for (let n = 2; this.names.has(name); n++) name = `${base}_${n}`
    this.names.add(name)
    return name
  }

  plan(role: JobRole, pipeline: WorldPipeline | null = null): PlannedJob {
    const { prng, world } = this
    const nonStandard = world.workspaces.filter((w) => w.tier !== 'STANDARD')
    const workspace =
      role === 'pipeline'
        ? world.workspaces[pipeline!.workspace - 1]!
        : role === 'light'
          ? (world.workspaces.find((w) => w.tier === 'STANDARD') ?? world.workspaces[0]!)
          : role === 'allPurpose'
            ? world.workspaces[world.clusters[0]!.workspace - 1]!
            : role === 'serverless'
              ? prng.pick(nonStandard)
              : drawWeighted(prng, world.workspaces)
    const clustersHere = world.clusters.filter((c) => c.workspace === workspace.code)
    let computeKind = COMPUTE_JOB
    if (role === 'allPurpose' || (role === 'random' && clustersHere.length > 0 && prng.chance(0.12)))
      computeKind = COMPUTE_ALL_PURPOSE
    else if (
      role === 'serverless' ||
      (role === 'random' && workspace.tier !== 'STANDARD' && prng.chance(0.14))
    )
      computeKind = COMPUTE_SERVERLESS
    const kind: ScheduleKind =
      role === 'pipeline'
        ? prng.pick(['6h', 'daily'] as const)
        : role === 'allPurpose'
          ? '6h'
          : role === 'random'
            ? drawKind(prng, this.mix)
            : 'daily'
    const { schedule, period, offset } = drawSchedule(prng, kind)
    const domain = prng.pick(JOB_DOMAINS)
    const verb = prng.pick(JOB_VERBS)
    const name = this.uniqueName(
      role === 'pipeline'
        ? `${pipeline!.name.replace(/_dlt$/, '')}_dlt_refresh`
        : `${domain}_${verb}${kind === 'manual' || kind === 'file' ? '' : `_${kind === '15min' ? 'every_15m' : kind}`}`,
    )
    // Scheduled ETL belongs to service principals; ad-hoc and file-arrival jobs mostly to people.
    const scheduled = kind !== 'manual'
    const owner = scheduled && prng.chance(0.7) ? prng.pick(world.servicePrincipals) : prng.pick(world.users)
    const runAs = prng.chance(0.9) ? owner : prng.pick(world.servicePrincipals)

    const cloudNodes = world.nodes.filter((n) => n.cloud === workspace.cloud)
    const cpuNodes = cloudNodes.filter((n) => n.gpus === 0)
    const cluster = computeKind === COMPUTE_ALL_PURPOSE ? prng.pick(clustersHere) : null
    let node: WorldNode | null = null
    let minWorkers = 0
    let maxWorkers = 0
    let availability = ON_DEMAND
    if (role === 'pipeline') {
      node = pipeline!.node
      minWorkers = pipeline!.minWorkers
      maxWorkers = pipeline!.maxWorkers
      availability = DATABRICKS_AVAILABILITY.indexOf('SPOT_WITH_FALLBACK')
    } else if (cluster) {
      node = cluster.node
      minWorkers = cluster.minWorkers
      maxWorkers = cluster.maxWorkers
      availability = cluster.availability
    } else if (computeKind === COMPUTE_JOB) {
      node =
        verb === 'train' && prng.chance(0.5)
          ? prng.pick(cloudNodes.filter((n) => n.gpus > 0))
          : prng.pick(cpuNodes)
      minWorkers = prng.int(1, 8)
      maxWorkers = prng.chance(0.4) ? minWorkers : minWorkers + prng.int(2, 12)
      const u = prng.next()
      availability = DATABRICKS_AVAILABILITY.indexOf(
        u < 0.35 ? 'ON_DEMAND' : u < 0.6 ? 'SPOT' : 'SPOT_WITH_FALLBACK',
      )
    }

    // Tasks: a PIPELINE-only job refreshes its pipeline; the others chain 1-5 notebook, wheel and SQL
    // tasks, a few ending with a refresh of a pipeline of their workspace.
    const tasks: PlannedTask[] = []
    let refreshes = pipeline
    if (role === 'pipeline')
      tasks.push({ key: 'refresh', type: taskType('PIPELINE'), source: pipeline!.pipelineId, dependsOn: '' })
    else if (role === 'light')
      tasks.push({
        key: verb,
        type: taskType('PYTHON_WHEEL'),
        source: `acme_${domain}:${verb}`,
        dependsOn: '',
      })
    else {
      const count = [1, 1, 1, 2, 2, 3, 3, 4, 5][prng.int(0, 8)]!
      const steps = ['extract', 'ingest', 'clean', verb, 'validate', 'publish']
      for (let i = 0; i < count; i++) {
        let key = count === 1 ? verb : steps[i]!
        if (tasks.some((t) => t.key === key)) key = `${key}_${i}`
        const u = prng.next()
        const type = u < 0.55 ? 'NOTEBOOK' : u < 0.8 ? 'PYTHON_WHEEL' : 'SQL'
        const source =
          type === 'NOTEBOOK'
            ? `${prng.chance(0.5) ? '/Repos/etl' : '/Workspace/Shared'}/${domain}/${key}`
            : type === 'PYTHON_WHEEL'
              ? `acme_${domain}:${key}`
              : `queries/${domain}_${key}.sql`
        tasks.push({ key, type: taskType(type), source, dependsOn: i === 0 ? '' : tasks[i - 1]!.key })
      }
      const refreshable = world.pipelines.filter(
        (p) => p.mode === 'triggered' && p.workspace === workspace.code,
      )
      if (computeKind === COMPUTE_JOB && refreshable.length > 0 && prng.chance(0.08)) {
        refreshes = prng.pick(refreshable)
        tasks.push({
          key: 'refresh_dlt',
          type: taskType('PIPELINE'),
          source: refreshes.pipelineId,
          dependsOn: tasks[tasks.length - 1]!.key,
        })
      }
    }
    const billed: DatabricksSku =
      role === 'pipeline'
        ? (['DLT_CORE', 'DLT_PRO', 'DLT_ADVANCED'] as const)[pipeline!.edition]!
        : role === 'light'
          ? 'JOBS_LIGHT_COMPUTE'
          : computeKind === COMPUTE_ALL_PURPOSE
            ? 'ALL_PURPOSE_COMPUTE'
            : computeKind === COMPUTE_SERVERLESS
              ? 'JOBS_SERVERLESS'
              : 'JOBS_COMPUTE'

    const [low, high] = BASE_MINUTES[kind]
    const baseMs = prng.int(low * 60, high * 60) * 1000
    const oversized = computeKind !== COMPUTE_SERVERLESS && maxWorkers >= 6 && prng.chance(0.3)
    const insightMask =
      (computeKind === COMPUTE_ALL_PURPOSE ? 1 << 0 : 0) |
      (cluster && (cluster.autoTermination === 0 || cluster.autoTermination >= 120) ? 1 << 1 : 0) |
      (computeKind === COMPUTE_JOB && minWorkers === maxWorkers && minWorkers >= 4 ? 1 << 2 : 0) |
      (computeKind === COMPUTE_JOB && availability === ON_DEMAND && node !== null && node.gpus === 0
        ? 1 << 3
        : 0) |
      (oversized ? 1 << 4 : 0)
    const job: PlannedJob = {
      code: this.jobs.length + 1,
      workspace,
      jobId: Number(digits(prng, 15)),
      name,
      owner,
      runAs,
      kind,
      schedule,
      period,
      offset,
      computeKind,
      cluster,
      node,
      minWorkers,
      maxWorkers,
      availability,
      tagSet: cluster ? cluster.tagSet : role === 'pipeline' ? pipeline!.tagSet : drawTagSet(prng, world),
      sku: sku(billed),
      tasks,
      pipeline: refreshes,
      baseMs,
      drift: -0.2 + prng.next(),
      sigma: 0.15 + prng.next() * 0.3,
      failRate: 0.015 + prng.next() * 0.06,
      timeoutMs: prng.chance(0.4) ? Math.round(baseMs * 2.5) + 10 * MINUTE : 0,
      maxRetries: prng.chance(0.3) ? prng.int(1, 3) : 0,
      retryDelayMs: prng.int(1, 15) * MINUTE,
      serverlessDbuPerHour: prng.int(2, 12),
      insightMask,
      failure: prng.int(0, RUN_FAILURES.length - 1),
      createdAt: this.historyStart - prng.int(1, 300) * DAY,
    }
    this.jobs.push(job)
    return job
  }

  /** Writes db_jobs and db_job_tasks (inside the caller's transaction). */
  write(db: Db): void {
    insertRows(
      db,
      'db_jobs',
      [
        'code',
        'workspace',
        'job_id',
        'job_name',
        'owner',
        'run_as',
        'schedule',
        'compute_kind',
        'cluster',
        'node_type',
        'min_workers',
        'max_workers',
        'availability',
        'tag_set',
        'created_at',
      ],
      this.jobs.map((j) => {
        const ownCluster = j.computeKind === COMPUTE_JOB
        return [
          j.code,
          j.workspace.code,
          j.jobId,
          j.name,
          j.owner,
          j.runAs,
          j.schedule,
          j.computeKind,
          j.cluster?.code ?? null,
          ownCluster ? (j.node?.code ?? null) : null,
          ownCluster ? j.minWorkers : null,
          ownCluster ? j.maxWorkers : null,
          ownCluster ? j.availability : null,
          j.tagSet,
          Math.min(j.createdAt, this.now),
        ]
      }),
    )
    insertRows(
      db,
      'db_job_tasks',
      ['job', 'task_key', 'position', 'task_type', 'source', 'depends_on'],
      this.jobs.flatMap((j) =>
        j.tasks
          .map((t, position) => [j.code, t.key, position, t.type, t.source, t.dependsOn] as const)
          .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
      ),
    )
  }
}

import {
  DATABRICKS_INSIGHT_KEYS,
  DATABRICKS_INSIGHTS_DEFAULT_SORT,
  DATABRICKS_INSIGHTS_PAGE_SIZE,
  type DatabricksInsightAction,
  type DatabricksInsightActions,
  type DatabricksInsightActionsQuery,
  type DatabricksInsightActionUpdate,
  type DatabricksInsightActionUpdated,
  type DatabricksInsightJobs,
  type DatabricksInsightJobsQuery,
  type DatabricksInsightsMetadata,
  type Plan,
} from '@costlens/shared'
import { databricksInsightInfo } from '../../details/databricks-insights.ts'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { likePattern } from './applications.ts'
import { databricksReadClock, usdOf } from './databricks-figures.ts'
import { ANY_INSIGHT, ensureDatabricksInsightRollup } from './databricks-insights-rollup.ts'
import { insightBits, insightRange, pairTotals, pairTotalsCte, storedWindowOf } from './databricks-savings.ts'

/*
 * The insights pages (issue 20: /jobs/insights, /jobs/insights/:jobName/actions): the jobs with
 * insights and one job's job × insight actions, over the savings model of databricks-savings.ts;
 * and the write that marks an action done or reopens it (db_insight_actions).
 */

const usd = (e4: number | null) => usdOf(e4 ?? 0)

/** ORDER BY of the list's sort keys (ties: job name, then code, so paging is stable). */
const JOB_ORDER: Record<string, string> = {
  untappedSavings: 'untapped_e4',
  realizedCostSavings: 'realised_e4',
  cost: 'cost_e4',
  runs: 'runs',
  jobName: 'job_name COLLATE NOCASE',
  workspaceName: 'workspace_name COLLATE NOCASE',
}

const splitSort = (sort: string) => {
  const at = sort.lastIndexOf('-')
  return { key: sort.slice(0, at), desc: sort.slice(at + 1) === 'desc' }
}

interface JobRow {
  code: number
  job_id: number
  job_name: string
  workspace_id: string
  workspace_name: string
  runs: number
  cost_e4: number
  untapped_e4: number
  realised_e4: number
  insights: string | null
  actions_done: number
  total: number
  t_runs: number
  t_cost_e4: number
  t_untapped_e4: number
  t_realised_e4: number
}

/** The insights list: per job, its runs with insights, their cost and savings, in SQL, sorted and paged. */
export function databricksInsightJobs(
  db: Db,
  query: DatabricksInsightJobsQuery,
  now: number,
  plan: Plan,
): DatabricksInsightJobs {
  const range = insightRange(query, now, plan)
  const clock = databricksReadClock(db, now)
  const { cte, params } = pairTotalsCte(
    db,
    storedWindowOf(clock, range.start, range.end),
    clock.storedNow,
    null,
  )
  const bits = insightBits(query.insights).join(', ')
  const sort = query.sort ?? DATABRICKS_INSIGHTS_DEFAULT_SORT
  const { key, desc } = splitSort(sort)
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? DATABRICKS_INSIGHTS_PAGE_SIZE
  const where = [
    query.workspace !== undefined ? 'w.workspace_id = @workspace' : null,
    query.name ? `lower(j.job_name) LIKE @name ESCAPE '\\'` : null,
  ].filter(Boolean)
  const chosen = `t.insight IN (${bits})`
  const rows = db
    .prepare(
      `WITH ${cte},
       jobs AS (
         SELECT t.job AS code, j.job_id, j.job_name, w.workspace_id, w.workspace_name,
                max(CASE WHEN t.insight = ${ANY_INSIGHT} THEN t.runs END) AS runs,
                max(CASE WHEN t.insight = ${ANY_INSIGHT} THEN t.cost_e4 END) AS cost_e4,
                sum(CASE WHEN ${chosen} THEN t.untapped_e4 ELSE 0 END) AS untapped_e4,
                sum(CASE WHEN ${chosen} THEN t.realised_e4 ELSE 0 END) AS realised_e4,
                group_concat(CASE WHEN ${chosen} AND t.runs > 0 THEN t.insight || ':' || t.runs END) AS insights
           FROM t JOIN db_jobs j ON j.code = t.job JOIN db_workspaces w ON w.code = j.workspace
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          GROUP BY t.job)
       SELECT jobs.*,
              (SELECT count(*) FROM db_insight_actions a WHERE a.job = jobs.code AND a.done_at IS NOT NULL) AS actions_done,
              count(*) OVER () AS total, sum(runs) OVER () AS t_runs, sum(cost_e4) OVER () AS t_cost_e4,
              sum(untapped_e4) OVER () AS t_untapped_e4, sum(realised_e4) OVER () AS t_realised_e4
         FROM jobs WHERE insights IS NOT NULL
        ORDER BY ${JOB_ORDER[key]} ${desc ? 'DESC' : 'ASC'}, job_name COLLATE NOCASE, code
        LIMIT @limit OFFSET @offset`,
    )
    .all({
      ...params,
      ...(query.workspace !== undefined && { workspace: query.workspace }),
      ...(query.name && { name: likePattern(query.name.toLowerCase()) }),
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }) as JobRow[]
  const first = rows[0]
  return {
    dateLabel: range.dateLabel,
    startTime: range.start,
    endTime: range.end,
    totals: {
      jobs: first?.total ?? 0,
      runs: first?.t_runs ?? 0,
      cost: usd(first?.t_cost_e4 ?? 0),
      untappedSavings: usd(first?.t_untapped_e4 ?? 0),
      realizedCostSavings: usd(first?.t_realised_e4 ?? 0),
    },
    total: first?.total ?? 0,
    page,
    pageSize,
    sort,
    rows: rows.map((r) => ({
      workspaceId: r.workspace_id,
      workspaceName: r.workspace_name,
      jobId: r.job_id,
      jobName: r.job_name,
      runs: r.runs ?? 0,
      cost: usd(r.cost_e4),
      untappedSavings: usd(r.untapped_e4),
      realizedCostSavings: usd(r.realised_e4),
      insights: (r.insights ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split(':').map(Number) as [number, number])
        .sort((a, b) => a[0] - b[0])
        .map(([bit, runs]) => {
          const key = DATABRICKS_INSIGHT_KEYS[bit]!
          return { key, name: databricksInsightInfo(key).name, runs }
        }),
      actionsDone: r.actions_done,
    })),
  }
}

interface ActionRow {
  job: number
  insight: number
  done_at: number | null
  done_by: string | null
  note: string | null
}

interface JobOfName {
  code: number
  job_id: number
  job_name: string
  workspace_id: string
  workspace_name: string
}

const ACTION_ORDER: Record<string, (a: DatabricksInsightAction) => number | string> = {
  untappedSavings: (a) => a.untappedSavings,
  realizedCostSavings: (a) => a.realizedCostSavings,
  cost: (a) => a.cost,
  runs: (a) => a.runs,
  name: (a) => a.name.toLowerCase(),
  doneAt: (a) => a.doneAt ?? -1,
}

/** One job's job × insight actions (E182): those with runs in the range, and those marked done. */
export function databricksInsightActions(
  db: Db,
  jobName: string,
  query: DatabricksInsightActionsQuery,
  now: number,
  plan: Plan,
): DatabricksInsightActions {
  const range = insightRange(query, now, plan)
  const clock = databricksReadClock(db, now)
  ensureDatabricksInsightRollup(db)
  const jobs = cachedStatement(
    db,
    `SELECT j.code, j.job_id, j.job_name, w.workspace_id, w.workspace_name
       FROM db_jobs j JOIN db_workspaces w ON w.code = j.workspace
      WHERE j.job_name = @jobName AND (@workspace IS NULL OR w.workspace_id = @workspace) ORDER BY j.code`,
  ).all({ jobName, workspace: query.workspace ?? null }) as JobOfName[]
  if (!jobs.length) throw new HttpError(404, `No Databricks job is named "${jobName}".`)
  const codes = jobs.map((j) => j.code)
  const totals = pairTotals(db, storedWindowOf(clock, range.start, range.end), clock.storedNow, codes)
  const actions = db
    .prepare(
      `SELECT job, insight, done_at, done_by, note FROM db_insight_actions WHERE job IN (${codes.join(', ')})`,
    )
    .all() as ActionRow[]
  const bits = new Set(insightBits(query.insights))
  const all: DatabricksInsightAction[] = []
  for (const job of jobs)
    for (const bit of bits) {
      const sums = totals.find((t) => t.job === job.code && t.insight === bit)
      const action = actions.find((a) => a.job === job.code && a.insight === bit)
      const done = action?.done_at != null
      if (!sums?.runs && !done) continue
      const info = databricksInsightInfo(DATABRICKS_INSIGHT_KEYS[bit]!)
      all.push({
        workspaceId: job.workspace_id,
        workspaceName: job.workspace_name,
        jobId: job.job_id,
        jobName: job.job_name,
        insight: info.key,
        name: info.name,
        category: info.category,
        finding: info.finding,
        recommendation: info.recommendation,
        runs: sums?.runs ?? 0,
        cost: usd(sums?.cost_e4 ?? 0),
        untappedSavings: usd(sums?.untapped_e4 ?? 0),
        realizedCostSavings: usd(sums?.realised_e4 ?? 0),
        state: done ? 'done' : 'open',
        doneAt: done ? action!.done_at! + clock.shift : null,
        doneBy: done ? action!.done_by : null,
        note: action?.note ?? null,
      })
    }
  const text = query.query?.trim().toLowerCase()
  const found = text ? all.filter((a) => `${a.name} ${a.recommendation}`.toLowerCase().includes(text)) : all
  const tab = query.tab ?? 'remediation'
  const ofTab = (t: string) =>
    found.filter((a) => t === 'all' || (t === 'done' ? a.state === 'done' : a.state === 'open'))
  const rows = ofTab(tab)
  const sort = query.sort ?? DATABRICKS_INSIGHTS_DEFAULT_SORT
  const { key, desc } = splitSort(sort)
  const value = ACTION_ORDER[key]!
  rows.sort((a, b) => {
    const x = value(a)
    const y = value(b)
    const order = x < y ? -1 : x > y ? 1 : 0
    return (desc ? -order : order) || a.name.localeCompare(b.name) || a.jobId - b.jobId
  })
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? DATABRICKS_INSIGHTS_PAGE_SIZE
  const sum = (pick: (a: DatabricksInsightAction) => number) =>
    Math.round(rows.reduce((s, a) => s + pick(a), 0) * 1_000_000) / 1_000_000
  return {
    jobName,
    dateLabel: range.dateLabel,
    startTime: range.start,
    endTime: range.end,
    tab,
    counts: { remediation: ofTab('remediation').length, done: ofTab('done').length, all: found.length },
    totals: {
      runs: rows.reduce((s, a) => s + a.runs, 0),
      cost: sum((a) => a.cost),
      untappedSavings: sum((a) => a.untappedSavings),
      realizedCostSavings: sum((a) => a.realizedCostSavings),
    },
    total: rows.length,
    page,
    pageSize,
    sort,
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
  }
}

/** Marks a job × insight action done now (by `username`), or reopens it. 404 for a job not there. */
export function updateDatabricksInsightAction(
  db: Db,
  body: DatabricksInsightActionUpdate,
  username: string,
  now: number,
): DatabricksInsightActionUpdated {
  ensureDatabricksInsightRollup(db)
  const clock = databricksReadClock(db, now)
  const job = cachedStatement(
    db,
    `SELECT j.code FROM db_jobs j JOIN db_workspaces w ON w.code = j.workspace
      WHERE w.workspace_id = ? AND j.job_id = ?`,
  )
    .pluck()
    .get(body.workspaceId, body.jobId) as number | undefined
  if (job === undefined) throw new HttpError(404, `Workspace ${body.workspaceId} has no job ${body.jobId}.`)
  const done = body.state === 'done'
  const note = body.note?.trim() || null
  cachedStatement(
    db,
    `INSERT INTO db_insight_actions (job, insight, done_at, done_by, note, updated_at)
     VALUES (@job, @insight, @doneAt, @doneBy, @note, @at)
     ON CONFLICT (job, insight) DO UPDATE SET done_at = excluded.done_at, done_by = excluded.done_by,
       note = excluded.note, updated_at = excluded.updated_at`,
  ).run({
    job,
    insight: DATABRICKS_INSIGHT_KEYS.indexOf(body.insight),
    doneAt: done ? clock.storedNow : null,
    doneBy: done ? username : null,
    note,
    at: clock.storedNow,
  })
  return {
    workspaceId: body.workspaceId,
    jobId: body.jobId,
    insight: body.insight,
    state: body.state,
    doneAt: done ? now : null,
    doneBy: done ? username : null,
    note,
  }
}

/** E181: the insights a Databricks job can carry and their remediation. */
export function databricksInsightsMetadata(): DatabricksInsightsMetadata {
  const infos = DATABRICKS_INSIGHT_KEYS.map(databricksInsightInfo)
  return {
    signatures: [
      {
        type: 'databricks_job',
        displayName: 'Databricks job',
        insights: infos.map((i) => ({ name: i.name, key: i.key, isActionabilitySupported: true })),
      },
    ],
    summary: {
      remediation:
        'Each insight is a waste pattern found in a job’s finished runs. Apply the recommendation to the job, ' +
        'then mark the action done: the runs that start after it count as realised savings.',
      insights: infos.map((i) => ({
        key: i.key,
        name: i.name,
        category: i.category,
        finding: i.finding,
        remediation: i.recommendation,
      })),
    },
  }
}

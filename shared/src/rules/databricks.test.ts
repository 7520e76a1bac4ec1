import { describe, expect, it } from 'vitest'
import {
  databricksListSource,
  databricksListTabs,
  databricksTabChange,
  DATABRICKS_PIPELINE_FILTER_DEFAULTS,
  emptyWorkspaceFormMetadata,
  INSIGHTS_ACTIONS_DEFAULTS,
  jobRunsPath,
  needsActualCost,
  runInfoText,
  withActualCost,
  WORKSPACE_SAVE_ERROR,
} from './databricks.ts'

describe('B191 Databricks list tabs', () => {
  it.each([
    ['jobRuns', 'enterprise', ['all', 'finished', 'running']],
    ['clusters', 'enterprise', ['inefficient', 'finished', 'running', 'all']],
    ['clusters', 'freemium', ['finished', 'running', 'all']],
    ['jobRuns', 'freemium', ['all', 'finished', 'running']],
  ] as const)('B191 the %s list on %s has tabs %j', (list, plan, tabs) => {
    expect(databricksListTabs(list, plan)).toEqual(tabs)
  })

  it('B191 the inefficient tab searches events, the others unified search', () => {
    expect(databricksListSource('inefficient')).toBe('events')
    expect(databricksListSource('finished')).toBe('unified')
  })
})

describe('B192 job runs path', () => {
  it.each([
    [['42'], '/api/v1/dbworkflows/api/v1/databricks/jobs/42/runs'],
    [['42', '43'], '/api/v1/dbworkflows/api/v1/databricks/runs'],
    [[], '/api/v1/dbworkflows/api/v1/databricks/runs'],
  ])('B192 jobs %j → POST %s', (jobIds, path) => {
    expect(jobRunsPath(jobIds)).toBe(path)
  })
})

describe('B194 B196 Databricks page defaults', () => {
  it('B194 insights actions: remediation, 10 rows, untappedSavings descending', () => {
    expect(INSIGHTS_ACTIONS_DEFAULTS).toEqual({
      tab: 'remediation',
      pageSize: 10,
      sort: 'untappedSavings-desc',
    })
  })

  it('B196 pipelines: every status and workspace, no search text', () => {
    expect(DATABRICKS_PIPELINE_FILTER_DEFAULTS).toEqual({ statuses: 'all', workspace: 'all', searchText: '' })
  })
})

describe('B195 actual cost of zero-cost runs', () => {
  it.each([
    [{ cost: 0 }, true],
    [{ cost: null }, true],
    [{ cost: 3.2 }, false],
    [{ cost: 0, costIsActual: true }, false],
  ])('B195 run %j needs runs/{runId}/cost: %s', (run, needed) => {
    expect(needsActualCost(run)).toBe(needed)
  })

  it('B195 the fetched cost is marked actual and not fetched again', () => {
    const priced = withActualCost({ runId: 'r1', cost: 0 }, 1.75)
    expect(priced).toEqual({ runId: 'r1', cost: 1.75, costIsActual: true })
    expect(needsActualCost(priced)).toBe(false)
  })
})

describe('B201 B202 Databricks fallbacks', () => {
  it('B201 a failed workspace-form-metadata call gives empty groups', () => {
    expect(emptyWorkspaceFormMetadata()).toEqual({ coreFields: [], aws: [], azure: [] })
    expect(WORKSPACE_SAVE_ERROR).toBe('An Unexpected error occurred. Please try again!')
  })

  it('B202 a failed run info shows the cluster configuration message', () => {
    expect(runInfoText(undefined, true)).toBe('Cluster Configuration is either turned off or not available.')
  })

  it('B202 a run info that cannot be serialised says so', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(runInfoText(cyclic, false)).toBe("Couldn't stringify runInfo")
  })

  it('B202 a run info is shown as indented JSON', () => {
    expect(runInfoText({ cluster: 'c1' }, false)).toBe('{\n  "cluster": "c1"\n}')
  })
})

describe('B189 B190 Databricks tab change', () => {
  const now = Date.UTC(2026, 10, 22, 12)
  it.each([
    ['all', ['S', 'F', 'K', 'P', 'R', 'U', 'W']],
    ['finished', ['K', 'F', 'S']],
    ['running', ['R']],
  ] as const)('B190 the %s tab offers statuses %j', (tab, statuses) => {
    expect(databricksTabChange(tab, 'Last 7 Days', now).statuses).toEqual(statuses)
  })

  it.each([
    ['Last 1 Hour', { start: now - 3_600_000, end: now }],
    ['Last 7 Days', { start: now - 7 * 86_400_000, end: now }],
    ['Today', { start: Date.UTC(2026, 10, 22), end: now }],
    ['Some old label', { start: now - 7 * 86_400_000, end: now }],
  ])('B189 the label %s is recomputed to %j, and tags and app events reload', (label, range) => {
    expect(databricksTabChange('finished', label, now)).toMatchObject({
      dateRange: range,
      reload: ['tags', 'appEvents'],
    })
  })
})

import { TEZ_STATUS_CODE } from '@costlens/shared'
import { describe, expect, it } from 'vitest'
import { APP_EVENT_TYPES } from '../db/seed/applications.ts'
import { failureKindOfText } from './failure.ts'
import { appLife } from './record.ts'
import { NOW, record } from './test-records.ts'
import { TEZ_MAX_ATTEMPTS, appIdOfDag, deriveTez, tezDagId, tezEvents, tezHourAggregation } from './tez.ts'

const tez = (overrides: Parameters<typeof record>[1] = {}) =>
  record('tez', { map_tasks: '120/0/0', reduce_tasks: '15/0/0', task_count: 135, ...overrides })
const states = (rec: ReturnType<typeof tez>) =>
  deriveTez(rec, NOW).dag.tasks.reduce<Record<string, number>>(
    (n, t) => ({ ...n, [t.status]: (n[t.status] ?? 0) + 1 }),
    {},
  )

describe('Tez details: the DAG agrees with the record', () => {
  it.each([
    { title: 'a successful app', rec: tez(), tasks: { SUCCEEDED: 135 }, dag: 'SUCCEEDED' },
    {
      title: 'a killed app with killed maps',
      rec: tez({ status: 'K', map_tasks: '110/10/0' }),
      tasks: { SUCCEEDED: 125, KILLED: 10 },
      dag: 'KILLED',
    },
    {
      title: 'a failed app with failed maps',
      rec: tez({ status: 'F', map_tasks: '117/0/3' }),
      tasks: { SUCCEEDED: 132, FAILED: 3 },
      dag: 'FAILED',
    },
    {
      title: 'a map-only app',
      rec: tez({ reduce_tasks: '0/0/0' }),
      tasks: { SUCCEEDED: 120 },
      dag: 'SUCCEEDED',
    },
  ])('$title: task states as the record counts them, DAG $dag', ({ rec, tasks, dag }) => {
    expect(states(rec)).toEqual(tasks)
    const d = deriveTez(rec, NOW)
    expect(d.dag.status).toBe(dag)
    expect(d.dag.statusCode).toBe(rec.status)
    expect(d.app.numTasks).toBe(135 - (rec.reduce_tasks === '0/0/0' ? 15 : 0))
  })

  it('a running app: its last vertex has tasks running and waiting, nothing ends after now', () => {
    const rec = tez({ status: 'R', start_time: NOW - 600_000, duration: 600_000 })
    const { dag, app } = deriveTez(rec, NOW)
    const last = dag.vertices[dag.vertices.length - 1]!
    expect(['RUNNING', 'SCHEDULED']).toContain(last.status)
    expect(dag.endTime).toBeNull()
    expect(app.statusCode).toBe('R')
    expect(dag.tasks.length).toBe(135)
    for (const t of dag.tasks) if (t.endTime !== null) expect(t.endTime).toBeLessThanOrEqual(NOW)
    for (const t of dag.tasks.filter((t) => t.status === 'SCHEDULED')) expect(t.startTime).toBeNull()
  })

  it('a waiting app (W) has its DAG and every task scheduled (P), none started', () => {
    const { dag } = deriveTez(tez({ status: 'W' }), NOW)
    expect(dag).toMatchObject({ status: 'SCHEDULED', statusCode: 'P', endTime: null })
    expect(dag.tasks.every((t) => t.status === 'SCHEDULED' && t.startTime === null)).toBe(true)
    expect(dag.vertices.every((v) => v.status === 'SCHEDULED')).toBe(true)
    expect(tezEvents(dag).map((e) => e.eventType)).toEqual(['DAG_SUBMITTED', 'DAG_INITIALIZED'])
  })

  it('02 §4: every status carries its code (SUCCEEDED S, FAILED F, KILLED K, RUNNING R, SCHEDULED P)', () => {
    expect(TEZ_STATUS_CODE).toEqual({
      SUCCEEDED: 'S',
      FAILED: 'F',
      KILLED: 'K',
      RUNNING: 'R',
      SCHEDULED: 'P',
    })
    const { dag } = deriveTez(tez({ status: 'R' }), NOW)
    for (const t of dag.tasks) expect(t.statusCode).toBe(TEZ_STATUS_CODE[t.status])
    for (const v of dag.vertices) expect(v.statusCode).toBe(TEZ_STATUS_CODE[v.status])
  })

  it('times lie inside the life; vertices hold their tasks; bytes are the record’s', () => {
    const rec = tez({ status: 'F', map_tasks: '300/0/2', reduce_tasks: '40/0/0' })
    const { dag } = deriveTez(rec, NOW)
    const life = appLife(rec, NOW)
    for (const t of dag.tasks) {
      if (t.startTime !== null) expect(t.startTime).toBeGreaterThanOrEqual(life.start)
      if (t.endTime !== null) expect(t.endTime).toBeLessThanOrEqual(life.end)
    }
    for (const v of dag.vertices) {
      const own = dag.tasks.filter((t) => t.vertexName === v.vertexName)
      expect(own.length).toBe(v.numTasks)
      for (const t of own) {
        if (t.startTime !== null) expect(t.startTime).toBeGreaterThanOrEqual(v.startTime!)
        if (t.endTime !== null) expect(t.endTime).toBeLessThanOrEqual(v.endTime!)
      }
    }
    expect(dag.vertices.reduce((n, v) => n + v.hdfsBytesRead, 0)).toBe(rec.dfs_read)
    expect(dag.vertices.reduce((n, v) => n + v.hdfsBytesWritten, 0)).toBe(rec.dfs_written)
  })

  it.each([
    ['container over its memory', 'container-memory-limit'],
    ['Java heap space', 'java-heap-space'],
    ['GC overhead', 'gc-overhead-limit'],
  ])('a failed task tells of %s in each of its %# attempts, and its vertex fails', (_, kind) => {
    const diagnostics = {
      'container-memory-limit': 'is running beyond physical memory limits',
      'java-heap-space': 'java.lang.OutOfMemoryError: Java heap space',
      'gc-overhead-limit': 'java.lang.OutOfMemoryError: GC overhead limit exceeded',
    }[kind]!
    const { dag, app } = deriveTez(tez({ status: 'F', map_tasks: '119/0/1', diagnostics }), NOW)
    const failed = dag.tasks.find((t) => t.status === 'FAILED')!
    expect(failureKindOfText(failed.diagnostics)).toBe(kind)
    expect(failed.diagnostics!.match(/TaskAttempt \d failed/g)).toHaveLength(TEZ_MAX_ATTEMPTS)
    expect(dag.vertices.find((v) => v.vertexName === failed.vertexName)!.status).toBe('FAILED')
    expect(app.diagnostics).toBeTruthy()
  })

  it('a skewed DAG (Data Skew event) has one task running its vertex’s whole span', () => {
    const bit = APP_EVENT_TYPES.findIndex((e) => e.name === 'Data Skew')
    const skewed = deriveTez(tez({ event_mask: 1 << bit }), NOW).dag
    const v = skewed.vertices.find((x) => x.kind === 'REDUCE')!
    const longest = Math.max(
      ...skewed.tasks.filter((t) => t.vertexName === v.vertexName).map((t) => t.timeTaken),
    )
    expect(longest).toBe(v.timeTaken)
  })

  it('DAG ids name their app; hours add up to the task time; events are in time order', () => {
    const rec = tez()
    const { dag } = deriveTez(rec, NOW)
    expect(dag.dagId).toBe(tezDagId(rec))
    expect(appIdOfDag(dag.dagId)).toBe(rec.id)
    const hours = tezHourAggregation(dag, NOW)
    expect(hours.hours.reduce((n, h) => n + h.taskTime, 0)).toBe(
      dag.tasks.reduce((n, t) => n + t.timeTaken, 0),
    )
    expect(hours.hours.reduce((n, h) => n + h.tasksStarted, 0)).toBe(dag.tasks.length)
    const events = tezEvents(dag)
    expect(events[0]!.eventType).toBe('DAG_SUBMITTED')
    expect(events[events.length - 1]!.eventType).toBe('DAG_FINISHED')
    expect(events.map((e) => e.time)).toEqual([...events.map((e) => e.time)].sort((a, b) => a - b))
  })

  it('the same app always derives the same DAG', () => {
    expect(deriveTez(tez(), NOW)).toEqual(deriveTez(tez(), NOW))
  })
})

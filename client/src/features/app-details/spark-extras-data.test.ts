import { describe, expect, it } from 'vitest'
import type { SparkJob, SparkStage } from '@costlens/shared'
import { sparkJobs, sparkStages } from './app-details-test-data.ts'
import { EXPAND_ALL_UP_TO, defaultExpanded, ganttLayout, ganttStatus } from './spark-gantt-data.ts'
import { formatTaskMs, quantileOf, timeUnit } from './spark-stage-detail-data.ts'
import { inputRate, processingRate, streamSeries, triggerInterval } from './spark-streaming-data.ts'

const job = (jobId: number, completionTime: number | null = 2_000): SparkJob => ({
  ...sparkJobs[0]!,
  jobId,
  status: completionTime === null ? 'RUNNING' : 'SUCCEEDED',
  submissionTime: 1_000,
  completionTime,
})
const stage = (stageId: number, jobIds: number[], patch: Partial<SparkStage> = {}): SparkStage => ({
  ...sparkStages[0]!,
  stageId,
  jobIds,
  submissionTime: 1_000,
  completionTime: 1_500,
  ...patch,
})

describe('Timeline layout', () => {
  it.each([
    ['SUCCEEDED', 'succeeded'],
    ['COMPLETE', 'succeeded'],
    ['RUNNING', 'running'],
    ['ACTIVE', 'running'],
    ['FAILED', 'failed'],
    ['UNKNOWN', 'other'],
  ])('status %s draws as %s', (status, drawn) => expect(ganttStatus(status)).toBe(drawn))

  it(`opens with every job's stages up to ${EXPAND_ALL_UP_TO} stages, jobs only past that`, () => {
    const jobs = [job(0), job(1)]
    expect(defaultExpanded(jobs, [stage(0, [0])])).toEqual([0, 1])
    const many = Array.from({ length: EXPAND_ALL_UP_TO + 1 }, (_, i) => stage(i, [0]))
    expect(defaultExpanded(jobs, many)).toEqual([])
  })

  it('puts a stage under the first job that lists it, keeps a skipped stage as a row without a bar, ends a running bar now', () => {
    const layout = ganttLayout(
      [job(0), job(1, null)],
      [
        stage(0, [0, 1]),
        stage(1, [1], { submissionTime: null, completionTime: null, status: 'SKIPPED' }),
        stage(2, [1], { completionTime: null, status: 'ACTIVE' }),
      ],
      [0, 1],
      9_000,
    )
    expect(layout.rows.map((r) => r.label)).toEqual([
      'Job 0',
      'Stage 0',
      'Job 1',
      'Stage 1 (skipped)',
      'Stage 2',
    ])
    expect(layout.bars.map((b) => [b.y, b.status, b.x2])).toEqual([
      [0, 'succeeded', 2_000],
      [1, 'succeeded', 1_500],
      [2, 'running', 9_000],
      [4, 'running', 9_000],
    ])
  })

  it('draws only the jobs and the stages of the jobs expanded', () => {
    const layout = ganttLayout([job(0), job(1)], [stage(0, [0]), stage(1, [1])], [1], 9_000)
    expect(layout.rows.map((r) => r.label)).toEqual(['Job 0', 'Job 1', 'Stage 1'])
  })
})

describe('stage detail figures', () => {
  it.each([
    [250, '250 ms'],
    [1_500, '1.5 s'],
    [59_000, '59 s'],
    [90_000, '1m 30s'],
  ])('a task time of %i ms reads %s', (ms, text) => expect(formatTaskMs(ms)).toBe(text))

  it('quantiles interpolate between ranks, like the simulator', () => {
    expect([0, 0.25, 0.5, 0.75, 1].map((q) => quantileOf([2, 4, 6, 8], q))).toEqual([2, 4, 5, 7, 8])
  })

  it.each([
    [9_000, 'ms'],
    [120_000, 's'],
    [3_600_000, 'min'],
  ])('a chart of times up to %i ms is drawn in %s', (max, unit) => expect(timeUnit(max).label).toBe(unit))
})

describe('streaming rates', () => {
  it('the trigger interval is the median gap between batches', () => {
    expect(triggerInterval([0, 10_000, 20_000, 35_000, 40_000])).toBe(10_000)
    expect(triggerInterval([5])).toBe(0)
  })

  it('input rate over the interval, processing rate over the batch duration, in rows a second', () => {
    expect(inputRate(1_000, 10_000)).toBe(100)
    expect(processingRate(1_000, 4_000)).toBe(250)
    const s = streamSeries({
      isStreaming: true,
      gte: 0,
      lte: 20_000,
      points: [
        { time: 0, inputRows: 1_000, processingTimeMs: 4_000, schedulingDelayMs: 0 },
        { time: 10_000, inputRows: 3_000, processingTimeMs: 12_000, schedulingDelayMs: 2_000 },
      ],
    })
    expect(s.inputRate).toEqual([
      [0, 100],
      [10_000, 300],
    ])
    expect(s.processingRate).toEqual([
      [0, 250],
      [10_000, 250],
    ])
  })
})

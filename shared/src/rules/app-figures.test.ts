import { describe, expect, it } from 'vitest'
import {
  APP_FIGURES,
  countsInFigure,
  figureTitle,
  runningLabel,
  type AppFigure,
  type FigureApp,
} from './app-figures.ts'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const H = 3_600_000
const app = (over: Partial<FigureApp>): FigureApp => ({
  status: 'S',
  startTime: NOW - 3 * H,
  finishedTime: NOW - 2 * H,
  inefficient: false,
  ...over,
})
const LAST_HOUR = { start: NOW - H, end: NOW }
const EARLIER = { start: NOW - 4 * H, end: NOW - 150 * 60_000 }

describe('app figures: one definition per figure (issue 15 item 14)', () => {
  it.each<[string, AppFigure, FigureApp, { start: number; end: number }, boolean]>([
    ['running now: status R', 'runningNow', app({ status: 'R', finishedTime: null }), LAST_HOUR, true],
    [
      'running now: the range start does not apply',
      'runningNow',
      app({ status: 'R', finishedTime: null, startTime: NOW - 9 * H }),
      LAST_HOUR,
      true,
    ],
    ['running now: a finished app is not', 'runningNow', app({}), LAST_HOUR, false],
    [
      'running now: pending is not running',
      'runningNow',
      app({ status: 'P', finishedTime: null }),
      LAST_HOUR,
      false,
    ],
    ['running at a past end: finished since', 'runningNow', app({}), EARLIER, true],
    [
      'running at a past end: not started yet',
      'runningNow',
      app({ startTime: NOW - 140 * 60_000 }),
      EARLIER,
      false,
    ],
    [
      'started in range: start inside',
      'startedInRange',
      app({ startTime: NOW - 30 * 60_000 }),
      LAST_HOUR,
      true,
    ],
    ['started in range: the ends count', 'startedInRange', app({ startTime: NOW - H }), LAST_HOUR, true],
    [
      'started in range: started before',
      'startedInRange',
      app({ status: 'R', finishedTime: null }),
      LAST_HOUR,
      false,
    ],
    [
      'finished in range: S F K by finish time',
      'finishedInRange',
      app({ status: 'F', finishedTime: NOW - 10 }),
      LAST_HOUR,
      true,
    ],
    [
      'finished in range: U is not finished',
      'finishedInRange',
      app({ status: 'U', finishedTime: NOW - 10 }),
      LAST_HOUR,
      false,
    ],
    [
      'inefficient: started in range and inefficient',
      'inefficientInRange',
      app({ startTime: NOW - 5, inefficient: true }),
      LAST_HOUR,
      true,
    ],
    [
      'inefficient: efficient apps are not',
      'inefficientInRange',
      app({ startTime: NOW - 5 }),
      LAST_HOUR,
      false,
    ],
  ])('%s', (_name, figure, a, range, expected) => {
    expect(countsInFigure(figure, a, range, NOW)).toBe(expected)
  })

  it('labels say which question a figure answers', () => {
    expect(APP_FIGURES.runningNow.label).toBe('Running now')
    expect(APP_FIGURES.startedInRange.label).toBe('Started in range')
    expect(APP_FIGURES.finishedInRange.label).toBe('Finished in range')
    expect(figureTitle('startedInRange')).toBe('Started in range')
    expect(figureTitle('inefficientInRange')).toBe('Inefficient apps, started in range')
    expect(runningLabel(NOW, NOW)).toBe('Running now')
    expect(runningLabel(NOW - H, NOW)).toBe('Running at range end')
  })
})

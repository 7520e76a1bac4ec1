import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, resetDatabase, type Db } from '../src/db/open-database.ts'
import { createSeedProgressBar, type ProgressStream } from '../src/db/seed/progress-bar.ts'

/** A stream that keeps what is written; a terminal when `tty`. */
function fakeStream(tty: boolean): ProgressStream & { text: string } {
  return {
    text: '',
    isTTY: tty,
    columns: tty ? 120 : undefined,
    write(chunk: string) {
      this.text += chunk
      return true
    },
  }
}

/** A clock the test moves by hand. */
function fakeClock() {
  let t = 0
  return { now: () => t, tick: (ms: number) => (t += ms) }
}

/** What a terminal shows at the end: each \r\x1b[2K erases the line, so only the last frame of a line stays. */
function screen(text: string): string[] {
  return text.split('\n').map((line) => line.split('\r\u001b[2K').at(-1)!)
}

describe('seed progress in a log (not a terminal)', () => {
  it('writes one line per step, in order, as each ends, with its units and time', () => {
    const out = fakeStream(false)
    const clock = fakeClock()
    const bar = createSeedProgressBar(out, { now: clock.now })
    bar.begin('applications', 60_000)
    for (let i = 0; i < 30; i++) {
      clock.tick(100)
      bar.advance(2_000)
    }
    expect(out.text).toBe('')
    bar.end()
    bar.begin('indexes', 3)
    clock.tick(1_500)
    bar.advance(3)
    bar.end()
    bar.begin('rollups', 0)
    clock.tick(250)
    bar.end()
    expect(out.text.split('\n')).toEqual([
      'seed step applications: 60,000 done (3.0 s)',
      'seed step indexes: 3 done (1.5 s)',
      'seed step rollups (0.3 s)',
      '',
    ])
    expect(bar.summary()).toBe('applications 3.0 s, indexes 1.5 s, rollups 0.3 s')
  })

  it('never writes "in N s", the benchmark reads the total from the summary line', () => {
    const out = fakeStream(false)
    const bar = createSeedProgressBar(out)
    bar.begin('search index', 10)
    bar.advance(10)
    bar.end()
    expect(out.text).not.toMatch(/in [\d.]+ s/)
  })
})

describe('seed progress on a terminal', () => {
  it('redraws a bar in place with the units done and the time left, and leaves one line per step', () => {
    const out = fakeStream(true)
    const clock = fakeClock()
    const bar = createSeedProgressBar(out, { now: clock.now, redrawMs: 100 })
    bar.begin('snowflake', 1_000)
    clock.tick(2_000)
    bar.advance(250)
    // A quarter done in 2 s: 6 s left at that pace.
    expect(screen(out.text).at(-1)).toBe(
      'snowflake          ██████░░░░░░░░░░░░░░░░░░  25%  250/1,000  2.0 s, ~6.0 s left',
    )
    clock.tick(2_000)
    bar.advance(250)
    expect(screen(out.text).at(-1)).toBe(
      'snowflake          ████████████░░░░░░░░░░░░  50%  500/1,000  4.0 s, ~4.0 s left',
    )
    clock.tick(4_000)
    bar.advance(500)
    bar.end()
    bar.begin('rollups', 0)
    clock.tick(65_000)
    bar.end()
    expect(screen(out.text)).toEqual([
      'snowflake          ████████████████████████ 100%  1,000  8.0 s',
      'rollups            done  1 min 05 s',
      '',
    ])
  })

  it('redraws at most every redrawMs, however often rows are told', () => {
    const out = fakeStream(true)
    const clock = fakeClock()
    const bar = createSeedProgressBar(out, { now: clock.now, redrawMs: 100 })
    bar.begin('applications', 100_000)
    for (let i = 0; i < 1_000; i++) {
      clock.tick(1)
      bar.advance(100)
    }
    bar.end()
    // The first frame, one every 100 ms over 1 s, and the last.
    expect(out.text.split('\r\u001b[2K').length - 1).toBeLessThanOrEqual(12)
  })

  it('cuts a frame to the terminal width', () => {
    const out = { ...fakeStream(true), columns: 30 }
    const bar = createSeedProgressBar(out)
    bar.begin('applications', 10)
    for (const line of screen(out.text)) expect(line.length).toBeLessThan(30)
  })
})

/**
 * One first start of a new file, as the server makes it (openDatabase: the announcement, the
 * progress bar of a log), its steps told to a recorder beside the bar: the seed (several seconds)
 * is shared by the tests below, which only read what it told.
 */
const FIRST_START = { scale: 'small', seed: 7, now: Date.parse('2026-11-22T12:00:00Z') } as const
let dir: string
let file: string
let db: Db | undefined
/** `step total advanced` for each step, as it ended. */
const told: string[] = []
const announced: string[] = []
const shown = fakeStream(false)
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-progress-'))
  file = path.join(dir, 'costlens.db')
  const bar = createSeedProgressBar(shown)
  let current = ''
  let advanced = 0
  db = openDatabase(file, FIRST_START, {
    announce: (line) => announced.push(line),
    progress: {
      begin(step, total) {
        current = `${step} ${total}`
        advanced = 0
        bar.begin(step, total)
      },
      advance(units) {
        advanced += units
        bar.advance(units)
      },
      end() {
        told.push(`${current} ${advanced}`)
        bar.end()
      },
    },
  })
  // A seed on a loaded machine: allow for it.
}, 90_000)
afterAll(() => {
  db?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('a seed tells its steps', () => {
  it('begins each step with its rows or indexes and ends it, in the order a user sees them', () => {
    const steps = Object.fromEntries(told.map((t) => [t.split(' ')[0], t]))
    // Snowflake's rows: the total it announced, all of it advanced.
    expect(steps.snowflake).toBe('snowflake 4000 4000')
    expect(steps['snowflake.indexes']).toMatch(/^snowflake\.indexes (\d+) \1$/)
    expect(told.map((t) => t.split(' ')[0])).toEqual(
      expect.arrayContaining(['applications', 'rollups', 'analyze']),
    )
    expect(told.at(-1)!.startsWith('analyze')).toBe(true)
  })
})

describe('the first start', () => {
  it('shows the seed of a new file step by step, and nothing when the file is there or on a reset', () => {
    expect(announced).toEqual([`Seeding ${file} (scale small, seed 7)…`])
    const steps = shown.text.trim().split('\n')
    // 3,000 and the Kubernetes Spark runs (a few, by the clock).
    expect(steps[0]).toMatch(/^seed step applications: 3,0\d\d done \(\d+\.\d s\)$/)
    expect(steps).toContainEqual(expect.stringMatching(/^seed step users \(\d+\.\d s\)$/))
    expect(steps).toContainEqual(expect.stringMatching(/^seed step snowflake: 4,000 done \(/))
    expect(steps.at(-1)).toMatch(/^seed step analyze /)
    const before = shown.text
    resetDatabase(db!, FIRST_START)
    expect(shown.text).toBe(before)
    db!.close()
    db = undefined
    const again = fakeStream(false)
    openDatabase(file, FIRST_START, { progress: createSeedProgressBar(again) }).close()
    expect(again.text).toBe('')
    // A reset is a seed too: allow for a loaded machine.
  }, 90_000)
})

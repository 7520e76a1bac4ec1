import type { SeedProgress } from './progress.ts'

/** Where the bars go: a terminal (isTTY, columns) is redrawn in place; anything else gets lines. */
export interface ProgressStream {
  write(text: string): unknown
  isTTY?: boolean
  columns?: number
}

export interface SeedProgressBarOptions {
  /** The clock, in ms (tests pass their own). */
  now?: () => number
  /** The least time between two redraws of a bar on a terminal, ms. */
  redrawMs?: number
}

/** A seed's progress as a user reads it, plus the one-line summary of the steps once it is over. */
export interface SeedProgressBar extends SeedProgress {
  /** The finished steps and their times, e.g. `applications 4.1 s, indexes 1.0 s`. */
  summary(): string
}

const BAR_WIDTH = 24
const NAME_WIDTH = 18
/** Erase the terminal line and go back to its start: the next frame takes its place. */
const CLEAR_LINE = '\r\u001b[2K'

const count = (n: number) => n.toLocaleString('en-US')

export function formatSeconds(ms: number): string {
  const s = ms / 1000
  if (s < 60) return `${s.toFixed(1)} s`
  return `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`
}

interface Step {
  name: string
  total: number
  done: number
  started: number
}

/**
 * Draws a seed's steps. On a terminal each step is a bar redrawn in place (at most every
 * `redrawMs`), with its units done and, once some are, the time left at the pace so far; a finished
 * step stays as one line with its time. Elsewhere (CI logs, a pipe) it writes one line per step as
 * the step ends, and nothing in between. Durations are written in parentheses, never "in N s":
 * the benchmark reads the seed's total from the summary's "in N s".
 */
export function createSeedProgressBar(
  stream: ProgressStream,
  { now = () => performance.now(), redrawMs = 100 }: SeedProgressBarOptions = {},
): SeedProgressBar {
  const tty = stream.isTTY === true
  const finished: { name: string; ms: number }[] = []
  let step: Step | undefined
  let lastDraw = -Infinity

  const fit = (line: string) =>
    stream.columns && line.length >= stream.columns ? line.slice(0, stream.columns - 1) : line

  function frame(s: Step, at: number, final: boolean): string {
    const elapsed = at - s.started
    const name = s.name.padEnd(NAME_WIDTH)
    if (s.total <= 0) return `${name} ${final ? 'done' : '…'}  ${formatSeconds(elapsed)}`
    const ratio = Math.min(1, s.done / s.total)
    const filled = Math.round(ratio * BAR_WIDTH)
    const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled)
    const percent = `${Math.floor(ratio * 100)}%`.padStart(4)
    const units = final ? count(s.done) : `${count(s.done)}/${count(s.total)}`
    let time = formatSeconds(elapsed)
    if (!final) time += s.done > 0 ? `, ~${formatSeconds((elapsed * (s.total - s.done)) / s.done)} left` : ''
    return `${name} ${bar} ${percent}  ${units}  ${time}`
  }

  function draw(final: boolean) {
    if (!step) return
    const at = now()
    lastDraw = at
    stream.write(CLEAR_LINE + fit(frame(step, at, final)) + (final ? '\n' : ''))
  }

  function end() {
    if (!step) return
    const ms = now() - step.started
    if (step.total > 0 && step.done < step.total) step.done = step.total
    if (tty) draw(true)
    else {
      const units = step.total > 0 ? `: ${count(step.done)} done` : ''
      stream.write(`seed step ${step.name}${units} (${formatSeconds(ms)})\n`)
    }
    finished.push({ name: step.name, ms })
    step = undefined
  }

  return {
    begin(name, total) {
      end()
      step = { name, total: Math.max(0, total), done: 0, started: now() }
      if (tty) draw(false)
    },
    advance(units) {
      if (!step) return
      step.done += units
      if (tty && now() - lastDraw >= redrawMs) draw(false)
    },
    end,
    summary() {
      return finished.map((s) => `${s.name} ${formatSeconds(s.ms)}`).join(', ')
    },
  }
}

/*
 * The seed's memory, step by step: seeds a file at a scale and prints, for each step, the peak
 * resident memory (RSS) of the process while it ran and what was left when it ended.
 *
 *   npx tsx scripts/seed-memory.ts --scale large [--db /tmp/x.db] [--side on|off] [--seed 42]
 *
 * The seed is synchronous, so a timer in this thread would never fire during a step: a small
 * worker thread reads the process's VmRSS from /proc every 0.25 s and keeps the peak of the step
 * the main thread is in (a shared array holds the step's number and the peaks). The worker's own
 * memory (~10 MB) is in the figures; `maxRSS` at the end is the kernel's own high-water mark.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import { seedFile } from '../simulator/src/db/seed-file.ts'
import type { SeedProgress } from '../simulator/src/db/seed/progress.ts'
import type { Scale } from '../simulator/src/db/seed/scale.ts'

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'large' },
    seed: { type: 'string', default: '42' },
    db: { type: 'string' },
    side: { type: 'string' },
    now: { type: 'string' },
  },
})
const scale = values.scale as Scale
if (!['small', 'demo', 'large'].includes(scale)) throw new Error(`--scale small|demo|large, got ${scale}`)
const dbPath = path.resolve(values.db ?? `/tmp/seed-memory-${scale}-${process.pid}.db`)
const sideBySide = values.side === undefined ? undefined : values.side === 'on'
const now = values.now ? Date.parse(values.now) : Date.now()

/** [0]: the current step's number; [1 + k]: step k's peak RSS in KiB. */
const MAX_STEPS = 64
const shared = new Int32Array(new SharedArrayBuffer(4 * (1 + MAX_STEPS)))
const sampler = new Worker(
  `
  const { workerData } = require('node:worker_threads')
  const fs = require('node:fs')
  const shared = workerData
  const sample = () => {
    const m = /VmRSS:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))
    if (!m) return
    const step = Atomics.load(shared, 0)
    const kib = Number(m[1])
    if (kib > Atomics.load(shared, 1 + step)) Atomics.store(shared, 1 + step, kib)
  }
  setInterval(sample, 250)
  sample()
  `,
  { eval: true, workerData: shared },
)
sampler.unref()

const rssKib = () => Math.round(process.memoryUsage.rss() / 1024)
const steps: { name: string; started: number; ms: number; endKib: number }[] = [
  { name: '(before)', started: performance.now(), ms: 0, endKib: 0 },
]
/** A sample from this thread too, at each event: a short step may fall between the worker's polls. */
const note = () => {
  const k = Atomics.load(shared, 0)
  const kib = rssKib()
  if (kib > Atomics.load(shared, 1 + k)) Atomics.store(shared, 1 + k, kib)
}
const progress: SeedProgress = {
  begin(name) {
    note()
    const last = steps.at(-1)!
    last.endKib = rssKib()
    if (steps.length >= MAX_STEPS) throw new Error('too many steps')
    steps.push({ name, started: performance.now(), ms: 0, endKib: 0 })
    Atomics.store(shared, 0, steps.length - 1)
    note()
  },
  advance() {
    note()
  },
  end() {
    note()
    const last = steps.at(-1)!
    last.ms = performance.now() - last.started
    last.endKib = rssKib()
    // Between steps: the orchestration's own work (inserts of small tables, index drops).
    steps.push({ name: `(after ${last.name})`, started: performance.now(), ms: 0, endKib: 0 })
    Atomics.store(shared, 0, steps.length - 1)
  },
}

const started = performance.now()
const cpu = process.cpuUsage()
seedFile(dbPath, { scale, seed: Number(values.seed), now, progress, sideBySide })
const seconds = (performance.now() - started) / 1000
const used = process.cpuUsage(cpu)
steps.at(-1)!.endKib = rssKib()
const mb = (kib: number) => String(Math.round(kib / 1024)).padStart(6)
process.stdout.write(`step                          peak MB  end MB   time s\n`)
steps.forEach((s, k) => {
  const peak = Atomics.load(shared, 1 + k)
  if (!peak) return
  const time = s.ms ? (s.ms / 1000).toFixed(2).padStart(8) : ''
  process.stdout.write(`${s.name.padEnd(28)}${mb(peak)}  ${mb(s.endKib)}${time}\n`)
})
const peakAll = Math.max(...Array.from(shared.subarray(1, 1 + steps.length)))
process.stdout.write(
  `scale ${scale}: ${seconds.toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, ` +
    `peak sampled ${Math.round(peakAll / 1024)} MB, maxRSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB, ` +
    `file ${Math.round(fs.statSync(dbPath).size / 2 ** 20)} MB\n`,
)
if (!values.db) fs.rmSync(dbPath, { force: true })
await sampler.terminate()

import { SYSTEM_SAMPLE_SECONDS, SYSTEM_SAMPLES_KEPT, type SystemSample } from '@costlens/shared'

/**
 * The simulator process sampled every SYSTEM_SAMPLE_SECONDS for the system usage page (the last
 * hour kept in memory, oldest dropped first): CPU as user + system time over the interval, % of one
 * core (process.cpuUsage), and resident and heap memory. Real figures of this process, not seeded.
 */
export class ProcessSampler {
  private readonly samples: SystemSample[] = []
  private last = { cpu: process.cpuUsage(), at: performance.now() }
  private readonly timer: NodeJS.Timeout

  constructor(private readonly now: () => number) {
    this.timer = setInterval(() => this.sample(), SYSTEM_SAMPLE_SECONDS * 1000)
    // Never keeps the process (or a test) alive on its own.
    this.timer.unref()
  }

  /** The process now: CPU since the last periodic sample (not kept: requests do not skew the hour). */
  current(): SystemSample {
    return this.measure(process.cpuUsage(this.last.cpu), performance.now() - this.last.at)
  }

  /** The periodic sample: CPU since the previous one, kept. */
  private sample(): void {
    const cpu = process.cpuUsage(this.last.cpu)
    const at = performance.now()
    const elapsedMs = at - this.last.at
    this.last = { cpu: process.cpuUsage(), at }
    this.samples.push(this.measure(cpu, elapsedMs))
    if (this.samples.length > SYSTEM_SAMPLES_KEPT) this.samples.shift()
  }

  private measure(cpu: NodeJS.CpuUsage, elapsedMs: number): SystemSample {
    const memory = process.memoryUsage()
    return {
      time: new Date(this.now()).toISOString(),
      cpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, elapsedMs)) * 1000) / 10,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
    }
  }

  /** The samples kept, oldest first. */
  history(): readonly SystemSample[] {
    return this.samples
  }

  stop(): void {
    clearInterval(this.timer)
  }
}

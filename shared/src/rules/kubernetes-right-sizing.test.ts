import { describe, expect, it } from 'vitest'
import {
  recommendedCpuM,
  recommendedMemoryMib,
  rightSize,
  type RightSizingInput,
} from './kubernetes-right-sizing.ts'

/** A pod asking 1 core and 2 GiB for 100 pod-hours at OpenCost's default on-demand rates. */
const base: RightSizingInput = {
  cpuRequestM: 1000,
  memoryRequestMib: 2048,
  cpuUsageM: 200,
  memoryUsageMib: 600,
  cpuPeakM: 400,
  memoryPeakMib: 800,
  podHours: 100,
  cpuRateUsd: 0.031611,
  ramRateUsd: 0.004237,
  cpuCostUsd: 3.1611,
  ramCostUsd: 0.8474,
  costUsd: 4.0085,
}

describe('recommended requests: peak × 1.2, rounded up to 10 m / 64 MiB', () => {
  it.each([
    [0, 10],
    [1, 10],
    [8, 10],
    [9, 20],
    [400, 480],
    [401, 490],
    [1234, 1490],
  ])('CPU peak %i m → %i m', (peak, expected) => expect(recommendedCpuM(peak)).toBe(expected))

  it.each([
    [0, 0, 64],
    [800, 600, 960],
    [801, 600, 1024],
    [100, 500, 512], // never below the average usage
    [53, 0, 64],
  ])('memory peak %i MiB, usage %i MiB → %i MiB', (peak, usage, expected) =>
    expect(recommendedMemoryMib(peak, usage)).toBe(expected),
  )
})

describe('rightSize', () => {
  it.each<[string, Partial<RightSizingInput>, string, string]>([
    ['over-requested on both', {}, 'lower', 'lower'],
    ['CPU peak over its request', { cpuPeakM: 1100 }, 'raise', 'lower'],
    ['memory peak over its request', { memoryPeakMib: 2100 }, 'lower', 'raise'],
    ['requests already at the recommendation', { cpuRequestM: 480, memoryRequestMib: 960 }, 'keep', 'keep'],
    ['a request a little under the recommendation', { cpuRequestM: 450 }, 'keep', 'lower'],
    // An average request of 960.4 MiB against a 960 MiB recommendation: less than a step to gain.
    [
      'requests less than a step above the recommendation',
      { cpuRequestM: 489, memoryRequestMib: 960.4 },
      'keep',
      'keep',
    ],
    [
      'requests a step above the recommendation',
      { cpuRequestM: 490, memoryRequestMib: 1024 },
      'lower',
      'lower',
    ],
  ])('%s: CPU %s, memory %s', (_, changes, cpu, memory) => {
    const r = rightSize({ ...base, ...changes })
    expect(r.cpu.action).toBe(cpu)
    expect(r.memory.action).toBe(memory)
    if (cpu !== 'lower') expect(r.cpu.savingUsd).toBe(0)
    if (memory !== 'lower') expect(r.memory.savingUsd).toBe(0)
  })

  it('counts the saving as the request above the recommendation at the rates', () => {
    const r = rightSize(base)
    expect(r.cpu.recommended).toBe(480)
    expect(r.memory.recommended).toBe(960)
    expect(r.cpu.savingUsd).toBeCloseTo(((1000 - 480) / 1000) * 100 * 0.031611, 9)
    expect(r.memory.savingUsd).toBeCloseTo(((2048 - 960) / 1024) * 100 * 0.004237, 9)
    expect(r.savingUsd).toBeCloseTo(r.cpu.savingUsd + r.memory.savingUsd, 9)
  })

  it.each<[string, Partial<RightSizingInput>]>([
    [
      'costs below the rate × hours (a part-hour, a spot node)',
      { cpuCostUsd: 0.5, ramCostUsd: 0.1, costUsd: 0.6 },
    ],
    ['a total cost below the two resources', { costUsd: 0.2 }],
    ['no cost at all', { cpuCostUsd: 0, ramCostUsd: 0, costUsd: 0 }],
  ])('never saves more than the cost: %s', (_, changes) => {
    const input = { ...base, ...changes }
    const r = rightSize(input)
    expect(r.cpu.savingUsd).toBeLessThanOrEqual(input.cpuCostUsd)
    expect(r.memory.savingUsd).toBeLessThanOrEqual(input.ramCostUsd)
    expect(r.savingUsd).toBeLessThanOrEqual(input.costUsd)
    expect(r.savingUsd).toBeGreaterThanOrEqual(0)
  })

  it('recommends the smallest requests for a workload that used nothing', () => {
    const r = rightSize({ ...base, cpuUsageM: 0, memoryUsageMib: 0, cpuPeakM: 0, memoryPeakMib: 0 })
    expect(r.cpu).toMatchObject({ action: 'lower', recommended: 10 })
    expect(r.memory).toMatchObject({ action: 'lower', recommended: 64 })
    expect(r.savingUsd).toBeGreaterThan(0)
    expect(r.savingUsd).toBeLessThanOrEqual(base.costUsd)
  })

  it('saves nothing over no hours', () => {
    expect(rightSize({ ...base, podHours: 0 }).savingUsd).toBe(0)
  })
})

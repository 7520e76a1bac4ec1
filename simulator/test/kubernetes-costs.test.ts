import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RATES,
  allocationCost,
  allocationOf,
  idleCost,
  nodeCostFor,
  nodeHourCost,
} from '../src/db/seed/kubernetes-costs.ts'

/** OpenCost's rules (DOMAIN.md §6) as the Kubernetes seed applies them; money in µ$. */
describe("OpenCost's cost rules", () => {
  it.each([
    [
      'usage under the request: the request',
      { cores: 1, memoryGb: 4, gpus: 0 },
      { cores: 0.2, memoryGb: 1, gpus: 0 },
      { cores: 1, memoryGb: 4, gpus: 0 },
    ],
    [
      'usage over the request: the usage',
      { cores: 0.5, memoryGb: 2, gpus: 0 },
      { cores: 0.9, memoryGb: 2.5, gpus: 0 },
      { cores: 0.9, memoryGb: 2.5, gpus: 0 },
    ],
    [
      'each resource on its own',
      { cores: 1, memoryGb: 2, gpus: 0 },
      { cores: 1.5, memoryGb: 1, gpus: 0 },
      { cores: 1.5, memoryGb: 2, gpus: 0 },
    ],
    [
      'no request: the usage',
      { cores: 0, memoryGb: 0, gpus: 0 },
      { cores: 0.3, memoryGb: 0.5, gpus: 0 },
      { cores: 0.3, memoryGb: 0.5, gpus: 0 },
    ],
    [
      'a GPU: as requested, usage unmeasured',
      { cores: 2, memoryGb: 8, gpus: 1 },
      { cores: 1, memoryGb: 4, gpus: 0 },
      { cores: 2, memoryGb: 8, gpus: 1 },
    ],
  ])('allocation is max(request, usage) per sample: %s', (_, request, usage, expected) => {
    expect(allocationOf(request, usage)).toEqual(expected)
  })

  it.each([
    [
      'on-demand CPU',
      'on-demand',
      { coreHours: 1, gbHours: 0, gpuHours: 0 },
      { cpu: 31_611, ram: 0, gpu: 0 },
    ],
    [
      'on-demand RAM',
      'on-demand',
      { coreHours: 0, gbHours: 10, gpuHours: 0 },
      { cpu: 0, ram: 42_370, gpu: 0 },
    ],
    [
      'spot CPU and RAM',
      'spot',
      { coreHours: 2, gbHours: 8, gpuHours: 0 },
      { cpu: 13_310, ram: 7_136, gpu: 0 },
    ],
    ['a GPU-hour', 'on-demand', { coreHours: 0, gbHours: 0, gpuHours: 1 }, { cpu: 0, ram: 0, gpu: 950_000 }],
    [
      'fractions floored to the µ$',
      'on-demand',
      { coreHours: 1 / 12, gbHours: 1 / 12, gpuHours: 0 },
      { cpu: 2_634, ram: 353, gpu: 0 },
    ],
  ] as const)('prices an allocation: %s', (_, capacity, allocated, expected) => {
    expect(allocationCost(allocated, DEFAULT_RATES[capacity])).toEqual(expected)
  })

  it.each([
    ['m5.2xlarge on demand', { cores: 8, memoryGb: 32, gpus: 0 }, 'on-demand', 8 * 31_611 + 32 * 4_237],
    ['m5.2xlarge spot', { cores: 8, memoryGb: 32, gpus: 0 }, 'spot', 8 * 6_655 + 32 * 892],
    [
      'g4dn.xlarge with its GPU',
      { cores: 4, memoryGb: 16, gpus: 1 },
      'on-demand',
      4 * 31_611 + 16 * 4_237 + 950_000,
    ],
  ] as const)("a node's hour of assets: %s", (_, capacity, type, expected) => {
    expect(nodeHourCost(capacity, DEFAULT_RATES[type])).toBe(expected)
    expect(nodeCostFor(capacity, DEFAULT_RATES[type], 0.5)).toBe(Math.floor(expected / 2))
  })

  it('spot is cheaper than on demand for every resource but the GPU', () => {
    expect(DEFAULT_RATES.spot.cpu).toBeLessThan(DEFAULT_RATES['on-demand'].cpu)
    expect(DEFAULT_RATES.spot.ram).toBeLessThan(DEFAULT_RATES['on-demand'].ram)
    expect(DEFAULT_RATES.spot.gpu).toBe(DEFAULT_RATES['on-demand'].gpu)
  })

  it.each([
    ['half allocated', 1_000, 400, 600],
    ['fully allocated', 1_000, 1_000, 0],
    ['nothing on it', 1_000, 0, 1_000],
    ['never negative', 1_000, 1_200, 0],
  ])('idle = assets − allocations: %s', (_, assets, allocated, expected) => {
    expect(idleCost(assets, allocated)).toBe(expected)
  })
})

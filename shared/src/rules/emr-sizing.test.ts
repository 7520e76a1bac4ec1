import { describe, expect, it } from 'vitest'
import { hourlyCost, instancePrices, type PricedGroup } from './emr-pricing.ts'
import {
  costOptimised,
  nodeDownsizing,
  resourceOptimised,
  sizingRecommendations,
  sizingSaving,
} from './emr-sizing.ts'

const group = (
  role: PricedGroup['role'],
  instanceType: string,
  running: number,
  market: PricedGroup['market'] = 'ON_DEMAND',
): PricedGroup => ({
  role,
  instanceType,
  market,
  running,
  ebsGb: 64,
  ...instancePrices(instanceType, market, 64),
})

const cluster = [
  group('MASTER', 'm5.xlarge', 1),
  group('CORE', 'r5.2xlarge', 10),
  group('TASK', 'r5.2xlarge', 10),
]

describe('EMR pricing (DOMAIN.md §4)', () => {
  it.each([
    ['m5.xlarge', 'ON_DEMAND', 0.192, 0.048],
    ['r5.xlarge', 'ON_DEMAND', 0.252, 0.063],
    ['c5.xlarge', 'ON_DEMAND', 0.17, 0.043],
    ['r5.2xlarge', 'ON_DEMAND', 0.504, 0.126],
    ['m5.xlarge', 'SPOT', 0.192 * 0.35, 0.048],
  ] as const)(
    '%s on %s costs %f EC2 and %f EMR an hour (the uplift stays on Spot)',
    (type, market, ec2, emr) => {
      const prices = instancePrices(type, market, 0)
      expect(prices.ec2Hourly).toBeCloseTo(ec2, 6)
      expect(prices.emrHourly).toBeCloseTo(emr, 6)
    },
  )

  it('EBS is 0.08 USD per GB-month over 730 hours', () => {
    expect(instancePrices('m5.xlarge', 'ON_DEMAND', 730).ebsHourly).toBeCloseTo(0.08, 9)
  })

  it('a cluster costs the sum of its groups, instances times prices', () => {
    const cost = hourlyCost(cluster)
    expect(cost.total).toBeCloseTo(1 * (0.192 + 0.048) + 20 * (0.504 + 0.126) + 21 * ((64 * 0.08) / 730), 9)
  })

  it('an unknown instance type is refused', () => {
    expect(() => instancePrices('x9.huge', 'ON_DEMAND', 0)).toThrow(/Unknown EMR instance type/)
  })
})

describe('E142 CLUSTER_SIZING recommendations', () => {
  it.each([
    // peak, core nodes kept, task nodes kept (resource-optimised, 20 % headroom, one core at least)
    [0.2, 3, 3],
    [0.4, 5, 5],
    [0.9, 10, 10],
    [0, 1, 0],
  ])(
    'B205 resource-optimised at peak %f keeps %i core and %i task nodes of the same types',
    (peak, core, task) => {
      const sized = resourceOptimised(cluster, peak)
      expect(sized.map((g) => [g.role, g.instanceType, g.running])).toEqual([
        ['MASTER', 'm5.xlarge', 1],
        ['CORE', 'r5.2xlarge', core],
        ['TASK', 'r5.2xlarge', task],
      ])
    },
  )

  it.each([0, 0.1, 0.3, 0.5, 0.8, 1])(
    'cost-optimised at peak %f is never dearer than resource-optimised',
    (peak) => {
      expect(hourlyCost(costOptimised(cluster, peak)).total).toBeLessThanOrEqual(
        hourlyCost(resourceOptimised(cluster, peak)).total + 1e-9,
      )
    },
  )

  it('cost-optimised moves half the core nodes to task nodes on Spot', () => {
    const sized = costOptimised(cluster, 0.4)
    expect(sized.find((g) => g.role === 'CORE')?.running).toBe(3)
    expect(sized.find((g) => g.role === 'TASK')).toMatchObject({ market: 'SPOT', running: 7 })
  })

  it.each([
    // cluster cost, current hourly, recommended hourly, saving
    [100, 10, 4, 60],
    [100, 10, 10, 0],
    [100, 10, 12, 0],
    [100, 10, -5, 100],
    [0, 10, 4, 0],
    [50, 0, 0, 0],
  ])(
    'a sizing saving of a %f USD cluster (%f → %f an hour) is %f USD, never above its cost',
    (cost, now, rec, saving) => {
      expect(sizingSaving(cost, now, rec)).toBeCloseTo(saving, 4)
      expect(sizingSaving(cost, now, rec)).toBeLessThanOrEqual(cost)
    },
  )

  it('both recommendations say their groups, hourly cost and saving as a share of the cost', () => {
    const [resource, cost] = sizingRecommendations(cluster, 0.3, 200)
    expect(resource?.kind).toBe('RESOURCE_OPTIMIZED')
    expect(cost?.kind).toBe('COST_OPTIMIZED')
    expect(cost!.saving).toBeGreaterThanOrEqual(resource!.saving)
    expect(cost!.saving).toBeLessThanOrEqual(200)
    expect(resource!.savingPercent).toBeCloseTo((100 * resource!.saving) / 200, 2)
  })
})

describe('B205 node down-sizing events (the inefficient tab)', () => {
  it.each([
    [
      0.3,
      [
        ['CORE', 10, 4],
        ['TASK', 10, 4],
      ],
    ],
    [
      0.5,
      [
        ['CORE', 10, 6],
        ['TASK', 10, 6],
      ],
    ],
    [0.51, []],
    [0.9, []],
  ])('at peak %f the findings are %j', (peak, expected) => {
    expect(nodeDownsizing(cluster, peak).map((e) => [e.role, e.currentNodes, e.recommendedNodes])).toEqual(
      expected,
    )
  })

  it('a single core node is never asked to go', () => {
    expect(nodeDownsizing([group('MASTER', 'm5.xlarge', 1), group('CORE', 'm5.xlarge', 1)], 0.05)).toEqual([])
  })
})

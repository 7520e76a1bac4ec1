import type { EmrSizingRecommendation } from '../contracts/emr.ts'
import { EMR_INSTANCE_TYPES, hourlyCost, instancePrices, type PricedGroup } from './emr-pricing.ts'
import { estimatedSaving, savingsBasis } from './savings.ts'

/**
 * EMR cluster sizing (02 §2 EMR detail page: node down-sizing, resource-optimised versus
 * cost-optimised; E142 CLUSTER_SIZING). Pure: the simulator's seed (which events to raise) and its
 * listAnalysis and insights answers all go through these functions, so they agree.
 */

/** The share of the observed peak a recommendation keeps on top of it. */
export const SIZING_HEADROOM = 1.2
/** A group is over-provisioned, and gets a down-sizing event, when its peak use left half of it idle. */
export const DOWNSIZING_MAX_PEAK = 0.5

const round4 = (n: number) => Math.round(n * 10_000) / 10_000

/** Nodes a worker group needs at `peak` use (0-1) with headroom; a cluster keeps one core node. */
function neededNodes(group: PricedGroup, peak: number): number {
  const needed = Math.ceil(group.running * Math.min(1, Math.max(0, peak) * SIZING_HEADROOM))
  return group.role === 'CORE' ? Math.max(1, needed) : needed
}

/** Resource-optimised: the same instance types and markets, without the nodes the peak left idle. */
export function resourceOptimised(groups: readonly PricedGroup[], peak: number): PricedGroup[] {
  return groups.map((g) =>
    g.role === 'MASTER' ? g : { ...g, running: Math.min(g.running, neededNodes(g, peak)) },
  )
}

/**
 * Cost-optimised: the resource-optimised capacity with half its core nodes (at least one, for
 * HDFS) moved to task nodes on Spot, and the task group on Spot. Never dearer than resource-
 * optimised: when moving would cost more (rounding up to whole task nodes), the resource-optimised
 * groups stand.
 */
export function costOptimised(groups: readonly PricedGroup[], peak: number): PricedGroup[] {
  const resource = resourceOptimised(groups, peak)
  const core = resource.find((g) => g.role === 'CORE')
  const task = resource.find((g) => g.role === 'TASK')
  if (!core) return resource
  const keptCore = Math.max(1, Math.ceil(core.running / 2))
  const movedVcores = (core.running - keptCore) * vcoresOf(core.instanceType)
  const taskType = task?.instanceType ?? core.instanceType
  const taskEbs = task?.ebsGb ?? core.ebsGb
  const spotPrices =
    task?.market === 'SPOT'
      ? { ec2Hourly: task.ec2Hourly, emrHourly: task.emrHourly, ebsHourly: task.ebsHourly }
      : instancePrices(taskType, 'SPOT', taskEbs)
  const spotTask: PricedGroup = {
    role: 'TASK',
    instanceType: taskType,
    market: 'SPOT',
    ebsGb: taskEbs,
    ...spotPrices,
    running: (task?.running ?? 0) + Math.ceil(movedVcores / vcoresOf(taskType)),
  }
  const moved = [
    ...resource.filter((g) => g.role !== 'TASK' && g.role !== 'CORE'),
    { ...core, running: keptCore },
    spotTask,
  ]
  return hourlyCost(moved).total <= hourlyCost(resource).total ? moved : resource
}

/** YARN vcores of one instance; an unknown type counts as one xlarge (4). */
function vcoresOf(instanceType: string): number {
  return EMR_INSTANCE_TYPES[instanceType]?.vcores ?? 4
}

/**
 * The saving of running `recommended` instead of `current` over the cluster's life so far: the
 * share of the hourly cost it removes, of the cost actually paid, so never above it (savings.ts).
 */
export function sizingSaving(clusterCost: number, currentHourly: number, recommendedHourly: number): number {
  if (!(currentHourly > 0)) return 0
  const basis = savingsBasis({ signatureCostInWindowUsd: 0, queryCostUsd: clusterCost })
  return estimatedSaving(basis, 1 - recommendedHourly / currentHourly)
}

/** Both recommendations for a cluster of `groups` at `peak` use that has cost `clusterCost` so far. */
export function sizingRecommendations(
  groups: readonly PricedGroup[],
  peak: number,
  clusterCost: number,
): EmrSizingRecommendation[] {
  const current = hourlyCost(groups).total
  return (
    [
      ['RESOURCE_OPTIMIZED', resourceOptimised(groups, peak)],
      ['COST_OPTIMIZED', costOptimised(groups, peak)],
    ] as const
  ).map(([kind, sized]) => {
    const hourly = hourlyCost(sized).total
    const saving = sizingSaving(clusterCost, current, hourly)
    return {
      kind,
      groups: sized.map(({ role, instanceType, market, running }) => ({
        role,
        instanceType,
        market,
        count: running,
      })),
      hourlyCost: round4(hourly),
      saving,
      savingPercent: clusterCost > 0 ? Math.round((10_000 * saving) / clusterCost) / 100 : 0,
    }
  })
}

/** A node down-sizing finding: a worker group whose peak use left it over-provisioned. */
export interface NodeDownsizing {
  role: PricedGroup['role']
  instanceType: string
  currentNodes: number
  recommendedNodes: number
  peakUtilisation: number
  message: string
}

/** The down-sizing findings of a cluster at `peak` use: none when the peak used over half of it. */
export function nodeDownsizing(groups: readonly PricedGroup[], peak: number): NodeDownsizing[] {
  if (peak > DOWNSIZING_MAX_PEAK) return []
  return groups.flatMap((g) => {
    if (g.role === 'MASTER') return []
    const recommended = neededNodes(g, peak)
    if (recommended >= g.running) return []
    const percent = Math.round(peak * 100)
    return [
      {
        role: g.role,
        instanceType: g.instanceType,
        currentNodes: g.running,
        recommendedNodes: recommended,
        peakUtilisation: Math.round(peak * 1000) / 1000,
        message: `${g.running} ${g.role.toLowerCase()} nodes (${g.instanceType}) peaked at ${percent} % use: ${recommended} would carry that peak with ${Math.round((SIZING_HEADROOM - 1) * 100)} % headroom.`,
      },
    ]
  })
}

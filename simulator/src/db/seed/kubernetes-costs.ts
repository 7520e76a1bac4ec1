/*
 * OpenCost's cost rules (DOMAIN.md §6, K1 and K2), as the Kubernetes seed applies them. Pure, so the
 * rules are tested on their own (test/kubernetes-costs.test.ts) and the seed only feeds them samples.
 *
 * Money is kept in integer micro-dollars (µ$) so that the per-hour sums the seed writes add up to the
 * unit: a node's hour of assets = Σ its pods' allocation costs + its idle, exactly.
 */

/** µ$ per unit-hour: core-hour, GiB-hour ("GB" in OpenCost's words: bytes / 1024³) and GPU-hour. */
export interface ResourceRates {
  cpu: number
  ram: number
  gpu: number
}

export type CapacityType = 'on-demand' | 'spot'

/**
 * OpenCost's default prices (configs/default.json): CPU 0.031611 $/core-hour and RAM 0.004237 $/GB-hour
 * on demand, 0.006655 and 0.000892 on spot, GPU 0.95 $/hour (it has no spot GPU price, so spot GPU
 * nodes pay the same).
 */
export const DEFAULT_RATES: Readonly<Record<CapacityType, ResourceRates>> = {
  'on-demand': { cpu: 31_611, ram: 4_237, gpu: 950_000 },
  spot: { cpu: 6_655, ram: 892, gpu: 950_000 },
}

/** The resources a node offers, or a container asks for or uses at one moment. */
export interface Resources {
  cores: number
  memoryGb: number
  gpus: number
}

/** A node's asset cost for a whole hour, µ$: capacity × rate, whatever is running on it. */
export const nodeHourCost = (capacity: Resources, rates: ResourceRates): number =>
  capacity.cores * rates.cpu + capacity.memoryGb * rates.ram + capacity.gpus * rates.gpu

/**
 * A node's asset cost for the part of an hour it was up (`fraction` of the hour), µ$, floored: the
 * floor of the node's cost is never below the sum of its pods' floored costs (allocationCost), since
 * their allocations never exceed its capacity.
 */
export const nodeCostFor = (capacity: Resources, rates: ResourceRates, fraction: number): number =>
  Math.floor(nodeHourCost(capacity, rates) * fraction)

/**
 * OpenCost's allocation of one container at one sample: max(request, usage), for CPU and memory;
 * a GPU is allocated as requested (usage is not measured by default).
 */
export const allocationOf = (request: Resources, usage: Resources): Resources => ({
  cores: Math.max(request.cores, usage.cores),
  memoryGb: Math.max(request.memoryGb, usage.memoryGb),
  gpus: request.gpus,
})

/** The cost of an allocation held for `hours`, µ$ by resource, each floored (see nodeCostFor). */
export function allocationCost(
  allocated: { coreHours: number; gbHours: number; gpuHours: number },
  rates: ResourceRates,
): { cpu: number; ram: number; gpu: number } {
  return {
    cpu: Math.floor(allocated.coreHours * rates.cpu),
    ram: Math.floor(allocated.gbHours * rates.ram),
    gpu: Math.floor(allocated.gpuHours * rates.gpu),
  }
}

/**
 * Idle: the node's assets less what its pods were allocated, never negative. The seed places pods so
 * that Σ max(request, peak usage) stays within a node's capacity, so the floor here never bites on
 * seeded data; it is the rule, not a repair.
 */
export const idleCost = (assetCost: number, allocatedCosts: number): number =>
  Math.max(0, assetCost - allocatedCosts)

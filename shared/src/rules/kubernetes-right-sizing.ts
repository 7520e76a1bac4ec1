/*
 * Right-sizing a Kubernetes workload's requests (issue 23, /kubernetes/osd_app_metrics), after what
 * Kubecost's request-sizing recommendations do: recommend the observed peak plus headroom, and
 * count a saving only where the request is above that. Pure: the repository feeds it the window's
 * per-pod figures (repositories/kubernetes-apps.ts), the client shows them.
 *
 * - Recommended CPU request = peak × RIGHT_SIZING_HEADROOM, rounded up to a step of 10 m (at least
 *   10 m); memory = peak × headroom, never below the average usage, rounded up to a step of 64 MiB
 *   (at least 64 MiB). The peak is the 95th percentile of the pods' daily peaks (a pod's busiest
 *   5-minute sample of each day), Kubecost's quantile: one busy day does not set a workload's request.
 * - A resource whose request is at least a step (10 m, 64 MiB) above the recommendation is
 *   over-requested ('lower'; less is no change worth making, 'keep'); one whose
 *   peak went over its request is under-requested ('raise', no saving: it needs more, not less);
 *   else 'keep'.
 * - Saving of a 'lower' resource = (request − recommended) × pod-hours × the rate the workload's
 *   pods were costed at (its CPU cost ÷ CPU allocation; OpenCost prices allocation, max(request,
 *   usage), and the recommendation is above the usage of all but the busiest days, so the allocation
 *   after the change is about the recommendation). Each resource's saving is at most what that
 *   resource cost, and the total at most the workload's cost in the window: never above the cost.
 */

/** The headroom over the observed peak a recommendation keeps (20 %). */
export const RIGHT_SIZING_HEADROOM = 1.2
/** CPU requests are recommended in steps of 10 millicores. */
export const CPU_STEP_M = 10
/** Memory requests are recommended in steps of 64 MiB. */
export const MEMORY_STEP_MIB = 64

export const RIGHT_SIZING_ACTIONS = ['lower', 'raise', 'keep'] as const
/** What to do with a request: lower it (over-requested), raise it (under-requested) or keep it. */
export type RightSizingAction = (typeof RIGHT_SIZING_ACTIONS)[number]

/** A workload's figures over a window, per pod (the average pod) unless said otherwise. */
export interface RightSizingInput {
  /** Average request per pod (millicores, MiB). */
  cpuRequestM: number
  memoryRequestMib: number
  /** Average usage per pod. */
  cpuUsageM: number
  memoryUsageMib: number
  /** The 95th percentile of the pods' daily peaks. */
  cpuPeakM: number
  memoryPeakMib: number
  /** Pod-hours in the window (Σ of each pod's hours). */
  podHours: number
  /** The rates the pods' allocation was costed at: USD per core-hour and per GiB-hour. */
  cpuRateUsd: number
  ramRateUsd: number
  /** What the workload cost in the window, USD: its CPU, its memory and in all (GPU included). */
  cpuCostUsd: number
  ramCostUsd: number
  costUsd: number
}

export interface RightSizingResource {
  action: RightSizingAction
  /** The recommended request per pod (millicores or MiB). */
  recommended: number
  /** USD the window would have cost less at the recommendation (0 unless 'lower'). */
  savingUsd: number
}

export interface RightSizing {
  cpu: RightSizingResource
  memory: RightSizingResource
  /** The two savings together, at most the workload's cost. */
  savingUsd: number
}

const roundUp = (value: number, step: number) => Math.max(step, Math.ceil(value / step) * step)

/** The recommended CPU request for a peak (millicores). */
export const recommendedCpuM = (peakM: number) => roundUp(peakM * RIGHT_SIZING_HEADROOM, CPU_STEP_M)

/** The recommended memory request for a peak and an average usage (MiB). */
export const recommendedMemoryMib = (peakMib: number, usageMib: number) =>
  roundUp(Math.max(peakMib * RIGHT_SIZING_HEADROOM, usageMib), MEMORY_STEP_MIB)

function resource(
  request: number,
  peak: number,
  recommended: number,
  step: number,
  perUnitHour: number,
  hours: number,
  cost: number,
): RightSizingResource {
  if (peak > request) return { action: 'raise', recommended, savingUsd: 0 }
  // Less than a step below the request is no change anyone would make.
  if (request - recommended < step) return { action: 'keep', recommended, savingUsd: 0 }
  const saving = (request - recommended) * perUnitHour * hours
  return { action: 'lower', recommended, savingUsd: Math.max(0, Math.min(saving, cost)) }
}

/** A workload's recommendation and saving (see the module's comment). */
export function rightSize(input: RightSizingInput): RightSizing {
  const cpu = resource(
    input.cpuRequestM,
    input.cpuPeakM,
    recommendedCpuM(input.cpuPeakM),
    CPU_STEP_M,
    input.cpuRateUsd / 1000,
    input.podHours,
    input.cpuCostUsd,
  )
  const memory = resource(
    input.memoryRequestMib,
    input.memoryPeakMib,
    recommendedMemoryMib(input.memoryPeakMib, input.memoryUsageMib),
    MEMORY_STEP_MIB,
    input.ramRateUsd / 1024,
    input.podHours,
    input.ramCostUsd,
  )
  return {
    cpu,
    memory,
    savingUsd: Math.max(0, Math.min(cpu.savingUsd + memory.savingUsd, input.costUsd)),
  }
}

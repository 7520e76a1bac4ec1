import { DATABRICKS_INSIGHT_KEYS, type DatabricksInsightKey } from '@costlens/shared'

/*
 * A run's insights (issue 20 waste patterns; 02 §4 Insight categories): the keys of its insight_mask
 * as cards with what was found, what to do and an estimated saving per run. Savings are worked out
 * in cents × 10,000 from the run's listed figures (0 until the cost is final), so each, and all of
 * them together, stay within the run's total cost.
 */

/** What of the run the savings are estimated from. */
export interface DatabricksInsightInput {
  insightMask: number
  workers: number
  /** The listed figures: cents × 10,000. */
  dbuCostE4: number
  vmCostE4: number
  /** USD per DBU of the run's SKU and of Jobs Compute in its workspace (for the all-purpose insight). */
  usdPerDbu: number
  jobsUsdPerDbu: number
  /** The spot VM discount of its node type (0.6: a spot VM costs 40 % of on demand). */
  spotDiscount: number
  clusterName: string | null
}

export interface DerivedInsight {
  key: DatabricksInsightKey
  name: string
  category: 'Recommendations' | 'Efficiency'
  description: string
  recommendation: string
  savingE4: number
}

type Text = Omit<DerivedInsight, 'key' | 'savingE4'>

/** The share of a cost the workers carry (the driver stays: one node of 1 + workers). */
const workerShare = (workers: number) => (workers > 0 ? workers / (1 + workers) : 0)

const INSIGHTS: Readonly<
  Record<
    DatabricksInsightKey,
    { text: (run: DatabricksInsightInput) => Text; saving: (run: DatabricksInsightInput) => number }
  >
> = {
  jobOnAllPurposeCompute: {
    text: (run) => ({
      name: 'Job on all-purpose compute',
      category: 'Recommendations',
      description:
        `This scheduled job ran on the all-purpose cluster ${run.clusterName ?? ''}, billed at the All-Purpose ` +
        `rate ($${run.usdPerDbu.toFixed(2)}/DBU) where Jobs Compute costs $${run.jobsUsdPerDbu.toFixed(2)}/DBU.`,
      recommendation:
        'Give the job its own job cluster (new_cluster) so its DBUs are billed as Jobs Compute.',
    }),
    saving: (run) =>
      run.usdPerDbu > run.jobsUsdPerDbu ? run.dbuCostE4 * (1 - run.jobsUsdPerDbu / run.usdPerDbu) : 0,
  },
  idleClusterToTimeout: {
    text: () => ({
      name: 'Cluster idle until its timeout',
      category: 'Efficiency',
      description: 'The cluster stayed up with nothing to run until its auto-termination timeout.',
      recommendation:
        'Lower the auto-termination minutes, or run the work on a job cluster that stops with it.',
    }),
    saving: (run) => 0.1 * (run.dbuCostE4 + run.vmCostE4),
  },
  fixedWorkersWhereAutoscaleFits: {
    text: () => ({
      name: 'Fixed workers where autoscaling fits',
      category: 'Efficiency',
      description: 'The cluster kept all its workers for the whole run although the load varied.',
      recommendation: 'Set autoscale min_workers and max_workers instead of num_workers.',
    }),
    saving: (run) => 0.2 * workerShare(run.workers) * (run.dbuCostE4 + run.vmCostE4),
  },
  onDemandWhereSpotFits: {
    text: (run) => ({
      name: 'On-demand workers where spot fits',
      category: 'Recommendations',
      description:
        `The workers ran on on-demand VMs; this run restarts cheaply, and spot VMs cost ` +
        `${Math.round(run.spotDiscount * 100)} % less.`,
      recommendation: 'Use SPOT_WITH_FALLBACK availability for the workers (the driver stays on demand).',
    }),
    saving: (run) => workerShare(run.workers) * run.vmCostE4 * run.spotDiscount,
  },
  oversizedCluster: {
    text: () => ({
      name: 'Oversized cluster',
      category: 'Efficiency',
      description: 'CPU stayed under half of what the workers offered for most of the run.',
      recommendation: 'Halve the number of workers, or choose a smaller node type.',
    }),
    saving: (run) => 0.5 * workerShare(run.workers) * (run.dbuCostE4 + run.vmCostE4),
  },
}

/**
 * What an insight is, without a run's figures: its name, category and what to do (the insights
 * pages' job × insight actions, the metadata call); a run's card words the finding with its figures.
 */
export interface DatabricksInsightInfo {
  key: DatabricksInsightKey
  name: string
  category: DerivedInsight['category']
  finding: string
  recommendation: string
}

/** The job-level finding of each insight (the runs' cards carry the figures). */
const FINDINGS: Readonly<Record<DatabricksInsightKey, string>> = {
  jobOnAllPurposeCompute:
    'Runs of this scheduled job ran on an all-purpose cluster, billed at the All-Purpose rate rather than Jobs Compute.',
  idleClusterToTimeout: 'The cluster stayed up with nothing to run until its auto-termination timeout.',
  fixedWorkersWhereAutoscaleFits: 'The cluster kept all its workers for whole runs although the load varied.',
  onDemandWhereSpotFits: 'The workers ran on on-demand VMs although the runs restart cheaply on spot VMs.',
  oversizedCluster: 'CPU stayed under half of what the workers offered for most of the runs.',
}

export function databricksInsightInfo(key: DatabricksInsightKey): DatabricksInsightInfo {
  // The all-purpose text names a cluster and rates: a run with none gives the static parts.
  const { name, category, recommendation } = INSIGHTS[key].text({
    insightMask: 0,
    workers: 0,
    dbuCostE4: 0,
    vmCostE4: 0,
    usdPerDbu: 0,
    jobsUsdPerDbu: 0,
    spotDiscount: 0,
    clusterName: null,
  })
  return { key, name, category, finding: FINDINGS[key], recommendation }
}

/** The run's insights in DATABRICKS_INSIGHT_KEYS order; their savings add up to at most its cost. */
export function deriveDatabricksInsights(run: DatabricksInsightInput): DerivedInsight[] {
  const total = run.dbuCostE4 + run.vmCostE4
  let left = total
  return DATABRICKS_INSIGHT_KEYS.flatMap((key, bit) => {
    if ((run.insightMask & (1 << bit)) === 0) return []
    const { text, saving } = INSIGHTS[key]
    const savingE4 = Math.max(0, Math.min(left, Math.floor(saving(run))))
    left -= savingE4
    return [{ key, ...text(run), savingE4 }]
  })
}

import type { EmrInstanceRole, EmrMarketType } from '../contracts/emr.ts'

/**
 * EMR prices (DOMAIN.md §4, us-east-1 list prices, USD an hour per instance). EMR is billed per
 * second on top of EC2 and EBS; its uplift is about 25 % of the EC2 on-demand price and does not
 * drop on Spot. Within a family the price doubles with the size (xlarge → 2xlarge → 4xlarge …), as
 * AWS's list does. vcores and memory are what YARN gets on the node (seed/cluster-resources.ts).
 */
export interface EmrInstanceType {
  vcores: number
  memoryGb: number
  /** EC2 on-demand, USD an hour. */
  ec2: number
  /** The EMR uplift, USD an hour. */
  emr: number
}

const family =
  (xlargeEc2: number, xlargeEmr: number, vcores: number, memoryGb: number) =>
  (units: number): EmrInstanceType => ({
    vcores: vcores * units,
    memoryGb: memoryGb * units,
    ec2: Math.round(xlargeEc2 * units * 1000) / 1000,
    emr: Math.round(xlargeEmr * units * 1000) / 1000,
  })
const m5 = family(0.192, 0.048, 4, 12)
const r5 = family(0.252, 0.063, 4, 28)
const c5 = family(0.17, 0.043, 4, 6)

export const EMR_INSTANCE_TYPES: Readonly<Record<string, EmrInstanceType>> = {
  'm5.xlarge': m5(1),
  'm5.2xlarge': m5(2),
  'm5.4xlarge': m5(4),
  'r5.xlarge': r5(1),
  'r5.2xlarge': r5(2),
  'r5.4xlarge': r5(4),
  'r5.8xlarge': r5(8),
  'r5.12xlarge': r5(12),
  'r5.16xlarge': r5(16),
  'r5.24xlarge': r5(24),
  'c5.xlarge': c5(1),
  'c5.2xlarge': c5(2),
  'c5.4xlarge': c5(4),
}

/** gp3 EBS, USD per GB-month (us-east-1 list price), and the hours AWS counts in a month. */
export const EBS_GB_MONTH_USD = 0.08
export const HOURS_PER_MONTH = 730

/**
 * What Spot usually saves on EC2 (DOMAIN.md §4: up to 90 %; 60-70 % is the common case for the
 * m5/r5/c5 families). Used to price a recommendation that moves nodes to Spot.
 */
export const TYPICAL_SPOT_DISCOUNT = 0.65

/** One instance group as priced: per-instance hourly prices (Spot: the price paid). */
export interface PricedGroup {
  role: EmrInstanceRole
  instanceType: string
  market: EmrMarketType
  running: number
  ebsGb: number
  ec2Hourly: number
  emrHourly: number
  ebsHourly: number
}

/** EBS USD an hour for `gb` GB. */
export function ebsHourly(gb: number): number {
  return (gb * EBS_GB_MONTH_USD) / HOURS_PER_MONTH
}

/** The per-instance prices of a type on a market; `spotDiscount` is the share of EC2 Spot saves. */
export function instancePrices(
  instanceType: string,
  market: EmrMarketType,
  ebsGb: number,
  spotDiscount = TYPICAL_SPOT_DISCOUNT,
): Pick<PricedGroup, 'ec2Hourly' | 'emrHourly' | 'ebsHourly'> {
  const type = EMR_INSTANCE_TYPES[instanceType]
  if (!type) throw new Error(`Unknown EMR instance type ${instanceType}`)
  return {
    ec2Hourly: market === 'SPOT' ? type.ec2 * (1 - spotDiscount) : type.ec2,
    emrHourly: type.emr,
    ebsHourly: ebsHourly(ebsGb),
  }
}

/** A cluster's hourly cost split: the sum over its groups of running instances times their prices. */
export function hourlyCost(groups: readonly PricedGroup[]): {
  ec2: number
  emr: number
  ebs: number
  total: number
} {
  let ec2 = 0
  let emr = 0
  let ebs = 0
  for (const g of groups) {
    ec2 += g.running * g.ec2Hourly
    emr += g.running * g.emrHourly
    ebs += g.running * g.ebsHourly
  }
  return { ec2, emr, ebs, total: ec2 + emr + ebs }
}

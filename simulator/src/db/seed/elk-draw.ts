import type { SeedCluster } from './clusters.ts'
import type { Prng } from './prng.ts'

/* The draws the ELK seed shares (seed/elk.ts, seed/elk-services.ts). */

export const between = (prng: Prng, low: number, high: number) => low + prng.next() * (high - low)
export const logNormal = (prng: Prng, median: number, sigma: number) =>
  median *
  Math.exp(
    sigma * Math.sqrt(-2 * Math.log(Math.max(prng.next(), 1e-12))) * Math.cos(2 * Math.PI * prng.next()),
  )
export const hex = (prng: Prng, n: number) =>
  Array.from({ length: n }, () => prng.int(0, 15).toString(16)).join('')
/** Elasticsearch's ids (cluster uuid, node id): 22 URL-safe base64 characters. */
export const base64Id = (prng: Prng) =>
  Array.from({ length: 22 }, () =>
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.charAt(prng.int(0, 63)),
  ).join('')
export const uuid = (prng: Prng) =>
  `${hex(prng, 8)}-${hex(prng, 4)}-4${hex(prng, 3)}-a${hex(prng, 3)}-${hex(prng, 12)}`

/** A service host beside the Hadoop cluster: its naming on premises, EC2's on EMR. */
export function hostOf(cluster: SeedCluster, prefix: string, i: number, prng: Prng): string {
  if (cluster.platform === 'EMR') return `ip-10-0-${60 + 2 * i}-${prng.int(1, 250)}.ec2.internal`
  return `${prefix}${String(i + 1).padStart(2, '0')}.${cluster.clusterName}.${cluster.region}.acme.internal`
}

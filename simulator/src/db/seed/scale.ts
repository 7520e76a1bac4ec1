export type Scale = 'small' | 'demo' | 'large'

/** How much history each scale seeds; later tables (applications, queries…) add their own counts. */
export const SCALE_SIZES: Record<
  Scale,
  { transientEmrClusters: number; extraUsers: number; applications: number }
> = {
  small: { transientEmrClusters: 4, extraUsers: 10, applications: 3_000 },
  demo: { transientEmrClusters: 24, extraUsers: 40, applications: 60_000 },
  large: { transientEmrClusters: 120, extraUsers: 200, applications: 1_000_000 },
}

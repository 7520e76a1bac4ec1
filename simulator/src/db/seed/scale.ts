export type Scale = 'small' | 'demo' | 'large'

/** How much history each scale seeds; later tables (applications, queries…) add their own counts. */
export const SCALE_SIZES: Record<Scale, { transientEmrClusters: number; extraUsers: number }> = {
  small: { transientEmrClusters: 4, extraUsers: 10 },
  demo: { transientEmrClusters: 24, extraUsers: 40 },
  large: { transientEmrClusters: 120, extraUsers: 200 },
}

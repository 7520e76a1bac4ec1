import type { SnowflakeSizes } from './snowflake.ts'

export type Scale = 'small' | 'demo' | 'large'

/** How much history each scale seeds; later tables (applications, queries…) add their own counts. */
export const SCALE_SIZES: Record<
  Scale,
  { transientEmrClusters: number; extraUsers: number; applications: number; snowflake: SnowflakeSizes }
> = {
  small: {
    transientEmrClusters: 4,
    extraUsers: 10,
    applications: 3_000,
    snowflake: { queries: 4_000, refresh: { tiles: 1, everyMinutes: 45, days: 14 }, now: 6 },
  },
  demo: {
    transientEmrClusters: 24,
    extraUsers: 40,
    applications: 60_000,
    snowflake: { queries: 80_000, refresh: { tiles: 4, everyMinutes: 30, days: 100 }, now: 16 },
  },
  large: {
    transientEmrClusters: 120,
    extraUsers: 200,
    applications: 1_000_000,
    snowflake: { queries: 1_000_000, refresh: { tiles: 10, everyMinutes: 15, days: 100 }, now: 40 },
  },
}

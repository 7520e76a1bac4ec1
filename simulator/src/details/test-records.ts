import type { DetailsRecord } from './record.ts'

/** The clock the unit tests derive at. */
export const NOW = Date.parse('2026-11-22T12:00:00Z')

/** A finished app record of a kind, an hour ago for ten minutes, with the figures tests change. */
export function record(kind: string, overrides: Partial<DetailsRecord> = {}): DetailsRecord {
  const duration = overrides.duration ?? 600_000
  const vcoreSeconds = Math.round((duration / 1000) * 8)
  return {
    id: `application_1761099553_${String(Math.abs(JSON.stringify(overrides).length * 7919) % 1_000_000).padStart(6, '0')}`,
    kind,
    status: 'S',
    cluster_uid: 'cdh-prod-01',
    cluster_type: 'CDH',
    user: 'etl_svc',
    queue: 'root.etl',
    name: `${kind}_job`,
    start_time: NOW - 3_600_000,
    duration,
    vcore_seconds: vcoreSeconds,
    memory_seconds: vcoreSeconds * 4096,
    dfs_read: 40 * 2 ** 30,
    dfs_written: 4 * 2 ** 30,
    event_mask: 0,
    map_tasks: '0/0/0',
    reduce_tasks: '0/0/0',
    num_jobs: kind === 'spark' ? 3 : 1,
    num_stages: kind === 'spark' ? 8 : 0,
    num_completed_stages: kind === 'spark' ? 7 : 0,
    num_skipped_stages: kind === 'spark' ? 1 : 0,
    app_attempts: 1,
    task_count: kind === 'spark' ? 800 : 0,
    setup_duration: 5_000,
    cleanup_duration: 1_000,
    input_tables: null,
    output_tables: null,
    diagnostics: null,
    ...overrides,
  }
}

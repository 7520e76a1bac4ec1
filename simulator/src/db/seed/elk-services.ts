import type { Db } from '../open-database.ts'
import type { SeedCluster } from './clusters.ts'
import { PIPELINES, type ElkClusterSpec } from './elk-catalogue.ts'
import { between, hostOf, uuid } from './elk-draw.ts'
import { shuffle, type Prng } from './prng.ts'

/*
 * The Logstash deployment shipping to an Elasticsearch cluster and the Kibana instances serving it.
 * Their traffic follows the cluster's load (G101): a node takes `share` of its deployment's events,
 * a pipeline `share` of what the deployment sends, a Kibana instance `share` of the requests.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const GB = 1024 ** 3

const normalised = (weights: number[]) => {
  const total = weights.reduce((a, b) => a + b, 0)
  return weights.map((w) => w / total)
}

function seedLogstash(
  db: Db,
  prng: Prng,
  spec: ElkClusterSpec,
  cluster: SeedCluster,
  id: number,
  now: number,
) {
  const insertNode = db.prepare(
    `INSERT INTO logstash_nodes (cluster_id, name, node_id, host, version, share, heap_max, heap_base_pct,
       cpu_base_pct, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const shares = normalised(Array.from({ length: spec.logstashNodes }, () => between(prng, 0.8, 1.2)))
  shares.forEach((share, i) =>
    insertNode.run(
      id,
      `logstash-${spec.tag}-0${i + 1}`,
      uuid(prng),
      hostOf(cluster, 'logstash', i, prng),
      spec.version,
      share,
      prng.pick([2, 4, 4, 8]) * GB,
      between(prng, 35, 55),
      between(prng, 15, 35),
      now - Math.round(between(prng, 2 * HOUR, 40 * DAY)),
    ),
  )
  const insertPipeline = db.prepare(
    `INSERT INTO logstash_pipelines (cluster_id, name, input, output, workers, batch_size, queue_type, share,
       drop_ratio, latency_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const chosen = [PIPELINES[0]!, ...shuffle(prng, PIPELINES.slice(1))].slice(0, spec.pipelines)
  const pipelineShares = normalised(chosen.map((_, i) => (i === 0 ? 2.5 : 1) * between(prng, 0.3, 1.5)))
  chosen.forEach((p, i) =>
    insertPipeline.run(
      id,
      p.name,
      p.input,
      'elasticsearch',
      prng.pick([4, 8, 8, 16]),
      prng.pick([125, 250, 500, 1000]),
      p.input === 'beats' || p.input === 'syslog' || prng.chance(0.3) ? 'persisted' : 'memory',
      pipelineShares[i],
      between(prng, 0, 0.08),
      between(prng, 0.4, 6),
    ),
  )
}

function seedKibana(db: Db, prng: Prng, spec: ElkClusterSpec, cluster: SeedCluster, id: number, now: number) {
  const insert = db.prepare(
    `INSERT INTO kibana_instances (cluster_id, name, uuid, host, version, share, heap_max, response_ms,
       started_at, degraded_from, degraded_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const shares = normalised(Array.from({ length: spec.kibanaInstances }, () => between(prng, 0.7, 1.3)))
  shares.forEach((share, i) => {
    // The second instance of a pair lost its Elasticsearch connection for a while this morning.
    const degraded = i === 1 ? Math.floor(now / DAY) * DAY + prng.int(5, 9) * HOUR : null
    insert.run(
      id,
      `kibana-${spec.tag}-0${i + 1}`,
      uuid(prng),
      hostOf(cluster, 'kibana', i, prng),
      spec.version,
      share,
      Math.round(1.4 * GB),
      between(prng, 35, 110),
      now - Math.round(between(prng, 6 * HOUR, 30 * DAY)),
      degraded,
      degraded === null ? null : degraded + prng.int(8, 30) * MINUTE,
    )
  })
}

/** Seeds one cluster's Logstash deployment and Kibana instances. */
export function seedElkServices(
  db: Db,
  prng: Prng,
  spec: ElkClusterSpec,
  cluster: SeedCluster,
  id: number,
  now: number,
): void {
  seedLogstash(db, prng, spec, cluster, id, now)
  seedKibana(db, prng, spec, cluster, id, now)
}

import {
  HOUR_MS,
  consumeHours,
  splitByWeights,
  type ClusterType,
  type ConsumptionTopic,
  type IngestionRangeQuery,
  type KafkaConsumption,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { ingestionRange, type IngestionRange } from './ingestion.ts'
import { consumerGroupOf, sourcesOf, type IngestionSourceDefinition } from './ingestion-sources.ts'
import { readSetting } from './settings.ts'

/*
 * The console's own Kafka topics (issue 23 /manage/kafka_consumption): a run publishes one message per
 * row it ingested, in the hour it ran (so a topic's messages in are the monitor's rows ingested), and
 * the platform's loader group reads at most its capacity an hour (rules/ingestion-consumer.ts). Replayed
 * from the first run at every read: a few thousand hours, deterministic, so the lag over a range is the
 * same whatever range is asked.
 */

/** The loader keeps up with all but the busiest hours: 10 % over the 90th percentile of an hour's messages. */
const CAPACITY_OVER_P90 = 1.1

/**
 * The loader's seeded pauses: a redeploy rebalances the group and it reads nothing for two hours, hours
 * before the seed's now (stored time), so every topic's lag grows and then drains.
 */
const PAUSES: Readonly<Record<string, { hoursBefore: number; hours: number }>> = {
  SNOWFLAKE: { hoursBefore: 28, hours: 2 },
  BIGQUERYV2: { hoursBefore: 20, hours: 2 },
}

/** Key hashing is never even: the share of a topic's messages each partition takes. */
const PARTITION_WEIGHTS = [1.18, 0.92, 1.05, 0.85, 1.1, 0.9] as const

/** Messages in per stored hour: the rows of the runs that succeeded in it. */
function messagesInByHour(db: Db, s: IngestionSourceDefinition, storedNow: number): Map<number, number> {
  const rows = cachedStatement(
    db,
    `SELECT (started_at / ${HOUR_MS}) * ${HOUR_MS} AS hour, sum(row_count) AS n FROM ingestion_runs
      WHERE platform = @platform AND source = @source AND status = 'succeeded' AND started_at <= @storedNow
      GROUP BY 1`,
  ).all({ platform: s.platform, source: s.id, storedNow }) as { hour: number; n: number }[]
  return new Map(rows.map((r) => [r.hour, r.n]))
}

/** The group's hourly capacity for a topic, from the hours that carried messages. */
export function capacityOf(messagesIn: readonly number[]): number {
  const busy = messagesIn.filter((n) => n > 0).sort((a, b) => a - b)
  if (busy.length === 0) return 1
  const p90 = busy[Math.min(busy.length - 1, Math.floor(0.9 * busy.length))]!
  return Math.max(1, Math.ceil(CAPACITY_OVER_P90 * p90))
}

function topicFigures(db: Db, s: IngestionSourceDefinition, range: IngestionRange): ConsumptionTopic {
  const byHour = messagesInByHour(db, s, range.storedNow)
  const lastHour = Math.floor(range.storedNow / HOUR_MS) * HOUR_MS
  const firstHour = Math.min(lastHour, ...byHour.keys())
  const hours = Array.from(
    { length: (lastHour - firstHour) / HOUR_MS + 1 },
    (_, i) => firstHour + i * HOUR_MS,
  )
  const ins = hours.map((h) => byHour.get(h) ?? 0)
  const capacity = capacityOf(ins)
  const seededNow = Number(readSetting(db, 'apps_anchor') ?? range.storedNow)
  const pause = PAUSES[s.platform]!
  const pauseStart = Math.floor((seededNow - pause.hoursBefore * HOUR_MS) / HOUR_MS) * HOUR_MS
  const paused = (h: number) => h >= pauseStart && h < pauseStart + pause.hours * HOUR_MS
  const consumed = consumeHours(
    hours.map((h, i) => ({ messagesIn: ins[i]!, capacity: paused(h) ? 0 : capacity })),
  )
  const rangeFrom = Math.floor(range.from / HOUR_MS) * HOUR_MS
  const shown = hours.flatMap((h, i) => (h >= rangeFrom && h < range.to ? [{ h, ...consumed[i]! }] : []))
  const totalIn = ins.reduce((a, b) => a + b, 0)
  const lag = consumed.at(-1)?.lag ?? 0
  const weights = PARTITION_WEIGHTS.slice(0, s.partitions)
  const logEnd = splitByWeights(totalIn, weights)
  const partitionLag = splitByWeights(lag, weights)
  return {
    name: s.topic,
    source: s.id,
    consumerGroup: consumerGroupOf(s.platform),
    capacityPerHour: capacity,
    messagesIn: shown.reduce((a, x) => a + x.messagesIn, 0),
    messagesOut: shown.reduce((a, x) => a + x.messagesOut, 0),
    lag,
    maxLag: shown.reduce((a, x) => Math.max(a, x.lag), 0),
    partitions: weights.map((_, partition) => {
      const partLag = Math.min(partitionLag[partition]!, logEnd[partition]!)
      return {
        partition,
        logEndOffset: logEnd[partition]!,
        committedOffset: logEnd[partition]! - partLag,
        lag: partLag,
      }
    }),
    hours: shown.map((x) => ({
      time: new Date(x.h + range.shift).toISOString(),
      messagesIn: x.messagesIn,
      messagesOut: x.messagesOut,
      lag: x.lag,
    })),
  }
}

/** The topics of the user's platform over the range. */
export function kafkaConsumption(
  db: Db,
  platform: ClusterType,
  query: IngestionRangeQuery,
  now: number,
): KafkaConsumption {
  const range = ingestionRange(db, query, now)
  return {
    now: new Date(now).toISOString(),
    startTime: new Date(range.start).toISOString(),
    endTime: new Date(range.end).toISOString(),
    topics: sourcesOf(platform).map((s) => topicFigures(db, s, range)),
  }
}

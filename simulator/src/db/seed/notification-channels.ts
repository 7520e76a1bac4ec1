import { createHash } from 'node:crypto'
import { CLUSTER_TYPES, channelNameKey, type ChannelType, type ClusterType } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { insertTest, simulatedSend } from '../repositories/notification-channels.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Who made each platform's channels: its admin persona (fixtures/personas.ts). */
const MAKERS: Readonly<Record<ClusterType, string>> = {
  CDH: 'admin',
  HDP: 'hdp',
  CDP: 'cdp',
  MAPR: 'mapr',
  EMR: 'emr',
  DB: 'databricks',
  SNOWFLAKE: 'snowflake',
  BIGQUERYV2: 'bigquery',
  K8S: 'k8s',
}

/** A stand-in secret of `length` hex digits, the same for a platform and purpose at every seed. */
const secret = (platform: ClusterType, purpose: string, length: number) =>
  createHash('sha256').update(`${platform}:${purpose}`).digest('hex').slice(0, length)

interface SeedChannel {
  name: string
  type: ChannelType
  emails?: readonly string[]
  url?: string
  headers?: readonly { name: string; value: string }[]
  routingKey?: string
  /** Days before now it was made. */
  age: number
  /** Hours before now its last test was sent, if it was. */
  testedAgo?: number
}

/**
 * A platform's channels: one of each kind, as a data team wires them (the on-call service, the
 * FinOps list, the team's Slack channel, the incident bridge), and an old webhook to a gateway that
 * no longer resolves, whose last test failed (the list's error line).
 */
function channelsOf(platform: ClusterType): SeedChannel[] {
  const slug = platform.toLowerCase()
  return [
    {
      name: 'Platform on-call (PagerDuty)',
      type: 'pagerduty',
      routingKey: secret(platform, 'pagerduty', 32),
      age: 84,
      testedAgo: 50,
    },
    {
      name: 'FinOps cost owners',
      type: 'email',
      emails: ['finops@acme.example', `${slug}-owners@acme.example`, 'cfo-office@acme.example'],
      age: 61,
      testedAgo: 6 * 24 + 3,
    },
    {
      name: '#data-platform-alerts',
      type: 'slack',
      url: `https://hooks.slack.com/services/T0ACME${secret(platform, 'team', 4).toUpperCase()}/B0${secret(platform, 'bot', 8).toUpperCase()}/${secret(platform, 'slack', 24)}`,
      age: 40,
    },
    {
      name: 'Incident bridge webhook',
      type: 'webhook',
      url: `https://alerts.acme.example/costlens/${slug}`,
      headers: [
        { name: 'X-Api-Key', value: secret(platform, 'bridge', 40) },
        { name: 'X-Source', value: 'costlens' },
      ],
      age: 23,
      testedAgo: 26,
    },
    {
      name: 'Legacy ops gateway',
      type: 'webhook',
      url: 'https://ops-gateway.acme.invalid/notify',
      age: 190,
      testedAgo: 3,
    },
  ]
}

/**
 * Every platform's seeded notification channels, with their last tests recorded as a test send
 * records them. No generator: the same rows at every seed.
 */
export function seedNotificationChannels(db: Db, now: number): void {
  const insert = db.prepare(
    `INSERT INTO notification_channels (platform, name, name_key, type, emails, url, headers, routing_key,
                                        created_by, created_at, updated_at)
     VALUES (@platform, @name, @nameKey, @type, @emails, @url, @headers, @routingKey, @createdBy, @createdAt,
             @createdAt)`,
  )
  db.transaction(() => {
    for (const platform of CLUSTER_TYPES)
      for (const channel of channelsOf(platform)) {
        const row = {
          platform,
          name: channel.name,
          nameKey: channelNameKey(channel.name),
          type: channel.type,
          emails: JSON.stringify(channel.emails ?? []),
          url: channel.url ?? null,
          headers: JSON.stringify(channel.headers ?? []),
          routingKey: channel.routingKey ?? null,
          createdBy: MAKERS[platform],
          createdAt: now - channel.age * DAY,
        }
        const id = Number(insert.run(row).lastInsertRowid)
        if (channel.testedAgo !== undefined)
          insertTest(
            db,
            id,
            simulatedSend({ type: row.type, emails: row.emails, url: row.url, routing_key: row.routingKey }),
            MAKERS[platform],
            now - channel.testedAgo * HOUR,
          )
      }
  })()
}

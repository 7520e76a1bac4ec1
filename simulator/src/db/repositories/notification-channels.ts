import {
  CHANNEL_PAGE_SIZE,
  DEFAULT_CHANNEL_SORT,
  MAX_NOTIFICATION_CHANNELS,
  channelNameKey,
  channelNameProblem,
  channelTargetProblems,
  emailAddresses,
  maskSecret,
  parseSortParam,
  urlHost,
  type ChannelSortKey,
  type ChannelTargetField,
  type ChannelTestOutcome,
  type ChannelType,
  type ClusterType,
  type NotificationChannel,
  type NotificationChannelInput,
  type NotificationChannelListQuery,
  type NotificationChannelPage,
  type WebhookHeader,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'

/*
 * Notification channels (E176, E177) in SQLite: each of a platform (the cluster type of the user who
 * made it), whose users alone read and change it. The secrets are stored as given and answered only
 * as the list shows them (urlHost, headerNames, routingKeyHint). A test send is recorded, never
 * sent: nothing here opens a connection.
 */

interface ChannelRow {
  id: number
  platform: ClusterType
  name: string
  type: ChannelType
  emails: string
  url: string | null
  headers: string
  routing_key: string | null
  created_by: string
  created_at: number
  updated_at: number
  last_test_at: number | null
  last_test_outcome: ChannelTestOutcome | null
  last_test_detail: string | null
  last_test_by: string | null
}

const SELECT = `SELECT id, platform, name, type, emails, url, headers, routing_key, created_by, created_at, updated_at,
                       last_test_at, last_test_outcome, last_test_detail, last_test_by
                  FROM notification_channels`

/** The ORDER BY of each sort key; the id last, so equal keys keep one order from page to page. */
const ORDER_BY: Readonly<Record<ChannelSortKey, string>> = {
  name: 'name_key',
  type: 'type',
  createdAt: 'created_at',
  // Never-tested channels last either way: there is nothing to compare.
  lastTestAt: 'last_test_at IS NULL, last_test_at',
}

/** Who is asking: the platform whose channels they see, and their name for what they write. */
export interface ChannelActor {
  platform: ClusterType
  username: string
  now: number
}

const notFound = (id: number) => new HttpError(404, `The notification channel ${id} does not exist`)

function headersOf(row: ChannelRow): WebhookHeader[] {
  return JSON.parse(row.headers) as WebhookHeader[]
}

/** What the list shows of where a channel sends: the addresses, the URL's host, the key masked. */
function targetText(row: ChannelRow): string {
  if (row.type === 'email') return (JSON.parse(row.emails) as string[]).join(', ')
  if (row.type === 'pagerduty') return row.routing_key ? maskSecret(row.routing_key) : ''
  return row.url ? urlHost(row.url) : ''
}

function channelOf(row: ChannelRow): NotificationChannel {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    platform: row.platform,
    target: targetText(row),
    emails: JSON.parse(row.emails) as string[],
    urlHost: row.url ? urlHost(row.url) : null,
    headerNames: headersOf(row).map((h) => h.name),
    routingKeyHint: row.routing_key ? maskSecret(row.routing_key) : null,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastTest:
      row.last_test_at !== null && row.last_test_outcome !== null
        ? {
            at: row.last_test_at,
            outcome: row.last_test_outcome,
            detail: row.last_test_detail ?? '',
            by: row.last_test_by ?? '',
          }
        : null,
  }
}

/** A channel of the platform; another platform's is not there for its users (404, never 403). */
function channelRow(db: Db, id: number, platform: ClusterType): ChannelRow {
  const row = cachedStatement(db, `${SELECT} WHERE id = ? AND platform = ?`).get(id, platform) as
    ChannelRow | undefined
  if (!row) throw notFound(id)
  return row
}

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** E176: a page of the platform's channels, searched, filtered, sorted and paged in SQL. */
export function listChannels(
  db: Db,
  platform: ClusterType,
  query: NotificationChannelListQuery,
): NotificationChannelPage {
  const sort = parseSortParam(query.sort ?? DEFAULT_CHANNEL_SORT)!
  const pageSize = query.pageSize ?? CHANNEL_PAGE_SIZE
  const search = query.search?.trim().toLowerCase()
  const where = [
    'platform = @platform',
    ...(search ? [`name_key LIKE @search ESCAPE '\\'`] : []),
    ...(query.type ? ['type = @type'] : []),
  ].join(' AND ')
  const direction = sort.direction === 'desc' ? 'DESC' : 'ASC'
  const orderBy = ORDER_BY[sort.key as ChannelSortKey]
    .split(', ')
    .map((term) => `${term} ${term.endsWith('IS NULL') ? 'ASC' : direction}`)
    .join(', ')
  const values = {
    platform,
    search: search ? containing(search) : null,
    type: query.type ?? null,
    limit: pageSize,
    offset: ((query.page ?? 1) - 1) * pageSize,
  }
  const total = cachedStatement(db, `SELECT count(*) FROM notification_channels WHERE ${where}`)
    .pluck()
    .get(values) as number
  const rows = cachedStatement(
    db,
    `${SELECT} WHERE ${where} ORDER BY ${orderBy}, id ${direction} LIMIT @limit OFFSET @offset`,
  ).all(values) as ChannelRow[]
  const failed = cachedStatement(
    db,
    `SELECT name, last_test_detail FROM notification_channels
      WHERE platform = ? AND last_test_outcome = 'failed' ORDER BY name_key`,
  ).all(platform) as { name: string; last_test_detail: string }[]
  return {
    platform,
    total,
    channels: rows.map(channelOf),
    errors: failed.map((f) => `Channel "${f.name}": its last test failed (${f.last_test_detail}).`),
    limit: MAX_NOTIFICATION_CHANNELS,
  }
}

/** The stored columns of a checked input; `stored`, when editing, gives the secrets left out. */
function columnsOf(input: NotificationChannelInput, stored?: ChannelRow) {
  const sameType = stored?.type === input.type
  const kept: ChannelTargetField[] = sameType
    ? [
        ...(stored.url !== null ? (['url'] as const) : []),
        ...(stored.routing_key !== null ? (['routingKey'] as const) : []),
      ]
    : []
  const problems = channelTargetProblems(input, kept)
  const problem = problems.emails ?? problems.url ?? problems.headers ?? problems.routingKey
  if (problem) throw new HttpError(400, problem)
  const name = input.name.trim()
  // A secret left out got past the rule only when kept: the stored channel of the same type has it.
  const none = { emails: '[]', url: null, headers: '[]', routingKey: null }
  const base = { name, nameKey: channelNameKey(name), type: input.type }
  switch (input.type) {
    case 'email':
      return { ...base, ...none, emails: JSON.stringify(uniqueAddresses(input.emails ?? '')) }
    case 'slack':
      return { ...base, ...none, url: input.url?.trim() ?? stored!.url }
    case 'webhook':
      return {
        ...base,
        ...none,
        url: input.url?.trim() ?? stored!.url,
        headers: input.headers
          ? JSON.stringify(input.headers.map((h) => ({ name: h.name.trim(), value: h.value })))
          : sameType
            ? stored.headers
            : '[]',
      }
    case 'pagerduty':
      return { ...base, ...none, routingKey: input.routingKey?.trim() ?? stored!.routing_key }
  }
}

/** The addresses once each (case aside), in the order given. */
function uniqueAddresses(value: string): string[] {
  const seen = new Set<string>()
  return emailAddresses(value).filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()))
}

/** 400 'Channel name already exists.' when another channel of the platform has the name (case and spaces aside). */
function refuseTakenName(db: Db, platform: ClusterType, name: string, exceptId?: number) {
  const others = cachedStatement(
    db,
    'SELECT name FROM notification_channels WHERE platform = ? AND id IS NOT ?',
  )
    .pluck()
    .all(platform, exceptId ?? null) as string[]
  const problem = channelNameProblem(name, others)
  if (problem) throw new HttpError(400, problem)
}

/** E177 create: at most {@link MAX_NOTIFICATION_CHANNELS} per platform. Answers the new channel. */
export function createChannel(
  db: Db,
  input: NotificationChannelInput,
  actor: ChannelActor,
): NotificationChannel {
  const values = columnsOf(input)
  const id = db.transaction(() => {
    const count = cachedStatement(db, 'SELECT count(*) FROM notification_channels WHERE platform = ?')
      .pluck()
      .get(actor.platform) as number
    if (count >= MAX_NOTIFICATION_CHANNELS)
      throw new HttpError(
        400,
        `An install keeps at most ${MAX_NOTIFICATION_CHANNELS} channels: delete one before adding another.`,
      )
    refuseTakenName(db, actor.platform, values.name)
    return cachedStatement(
      db,
      `INSERT INTO notification_channels (platform, name, name_key, type, emails, url, headers, routing_key,
                                          created_by, created_at, updated_at)
       VALUES (@platform, @name, @nameKey, @type, @emails, @url, @headers, @routingKey, @username, @now, @now)`,
    ).run({ ...values, platform: actor.platform, username: actor.username, now: actor.now }).lastInsertRowid
  })()
  return channelOf(channelRow(db, Number(id), actor.platform))
}

/** E177 update: every field as the form sends it; a secret left out is kept while the type is. */
export function updateChannel(
  db: Db,
  id: number,
  input: NotificationChannelInput,
  actor: ChannelActor,
): NotificationChannel {
  db.transaction(() => {
    // Another platform's channel is a 404 before its input is looked at.
    const stored = channelRow(db, id, actor.platform)
    const values = columnsOf(input, stored)
    refuseTakenName(db, actor.platform, values.name, id)
    cachedStatement(
      db,
      `UPDATE notification_channels
          SET name = @name, name_key = @nameKey, type = @type, emails = @emails, url = @url, headers = @headers,
              routing_key = @routingKey, updated_at = @now
        WHERE id = @id`,
    ).run({ ...values, now: actor.now, id })
  })()
  return channelOf(channelRow(db, id, actor.platform))
}

/** Deletes a channel of the platform, and its test history with it (the foreign key cascades). */
export function deleteChannel(db: Db, id: number, platform: ClusterType): void {
  const deleted = cachedStatement(db, 'DELETE FROM notification_channels WHERE id = ? AND platform = ?').run(
    id,
    platform,
  )
  if (deleted.changes === 0) throw notFound(id)
}

/** Hosts that never resolve (RFC 6761 reserves .invalid): a send there would fail. */
const unreachable = (host: string) => host === 'invalid' || host.endsWith('.invalid')

/**
 * What a send to this channel would meet, without sending: the simulator makes no network call.
 * A host that cannot resolve fails; everything else is taken as delivered.
 */
export function simulatedSend(row: Pick<ChannelRow, 'type' | 'emails' | 'url' | 'routing_key'>): {
  outcome: ChannelTestOutcome
  detail: string
} {
  const notSent = 'simulated: nothing was sent'
  if (row.type === 'email') {
    const addresses = JSON.parse(row.emails) as string[]
    const bad = addresses.find((a) => unreachable(a.slice(a.lastIndexOf('@') + 1).toLowerCase()))
    if (bad) return { outcome: 'failed', detail: `no mail server for ${bad}; ${notSent}` }
    const n = addresses.length
    return {
      outcome: 'delivered',
      detail: `a test message to ${n} address${n === 1 ? '' : 'es'}; ${notSent}`,
    }
  }
  if (row.type === 'pagerduty')
    return {
      outcome: 'delivered',
      detail: `a test event for the integration key ${maskSecret(row.routing_key ?? '')}; ${notSent}`,
    }
  const host = urlHost(row.url ?? '')
  const hostname = host.replace(/:\d+$/, '').toLowerCase()
  if (unreachable(hostname)) return { outcome: 'failed', detail: `could not resolve ${host}; ${notSent}` }
  return { outcome: 'delivered', detail: `HTTP 200 from ${host}; ${notSent}` }
}

/** Records a test send of a channel of the platform (its time, outcome and who asked); answers the channel. */
export function recordChannelTest(db: Db, id: number, actor: ChannelActor): NotificationChannel {
  db.transaction(() => {
    const row = channelRow(db, id, actor.platform)
    insertTest(db, row.id, simulatedSend(row), actor.username, actor.now)
  })()
  return channelOf(channelRow(db, id, actor.platform))
}

/** A test's row, and the channel's latest test beside it. */
export function insertTest(
  db: Db,
  channelId: number,
  test: { outcome: ChannelTestOutcome; detail: string },
  username: string,
  at: number,
) {
  cachedStatement(
    db,
    `INSERT INTO notification_channel_tests (channel_id, tested_at, tested_by, outcome, detail)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(channelId, at, username, test.outcome, test.detail)
  cachedStatement(
    db,
    `UPDATE notification_channels
        SET last_test_at = ?, last_test_outcome = ?, last_test_detail = ?, last_test_by = ?
      WHERE id = ?`,
  ).run(at, test.outcome, test.detail, username, channelId)
}

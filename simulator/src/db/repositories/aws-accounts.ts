import {
  AWS_ACCOUNT_MESSAGES,
  MAX_AWS_ACCOUNTS,
  type AwsAccount,
  type AwsAccountInput,
  type AwsAccountList,
  type AwsAuthType,
  type AwsRegion,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'

interface AwsAccountRow {
  id: number
  account_id: string
  alias: string
  region: AwsRegion
  auth_type: AwsAuthType
  role_arn: string | null
  access_key_id: string | null
  secret_access_key: string | null
  created_by: string
  created_at: number
  updated_at: number
}

const SELECT = `SELECT id, account_id, alias, region, auth_type, role_arn, access_key_id, secret_access_key,
                       created_by, created_at, updated_at FROM aws_accounts`

const notFound = (id: number) => new HttpError(404, `The AWS account ${id} does not exist`)

/** What is answered of a stored account: never the secret, and of the key id only its last 4 characters. */
function accountOf(row: AwsAccountRow): AwsAccount {
  return {
    id: row.id,
    accountId: row.account_id,
    alias: row.alias,
    region: row.region,
    authType: row.auth_type,
    roleArn: row.role_arn,
    accessKeyIdLast4: row.access_key_id ? row.access_key_id.slice(-4) : null,
    secretConfigured: row.secret_access_key !== null && row.secret_access_key !== '',
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

function accountRow(db: Db, id: number): AwsAccountRow {
  const row = cachedStatement(db, `${SELECT} WHERE id = ?`).get(id) as AwsAccountRow | undefined
  if (!row) throw notFound(id)
  return row
}

export function listAwsAccounts(db: Db): AwsAccountList {
  const rows = cachedStatement(
    db,
    `${SELECT} ORDER BY alias COLLATE NOCASE, account_id`,
  ).all() as AwsAccountRow[]
  return { accounts: rows.map(accountOf), limit: MAX_AWS_ACCOUNTS }
}

/**
 * The credential columns of an input: a role keeps only its ARN; an access key needs its id and
 * secret, except on an edit of an account that already has them (they are never shown, so the form
 * cannot send them back): then what is left out stays as stored.
 */
function credentials(input: AwsAccountInput, stored?: AwsAccountRow) {
  if (input.authType === 'role') {
    if (!input.roleArn) throw new HttpError(400, AWS_ACCOUNT_MESSAGES.roleNeeded)
    return { roleArn: input.roleArn, accessKeyId: null, secret: null }
  }
  const keptKey = stored?.auth_type === 'accessKey' ? stored : undefined
  const accessKeyId = input.accessKeyId ?? keptKey?.access_key_id ?? null
  // A new key id without its secret would pair the new id with the old secret: both or neither.
  const secret = input.secretAccessKey ?? (input.accessKeyId ? null : (keptKey?.secret_access_key ?? null))
  if (!accessKeyId || !secret) throw new HttpError(400, AWS_ACCOUNT_MESSAGES.keyNeeded)
  return { roleArn: null, accessKeyId, secret }
}

function refuseDuplicate(db: Db, accountId: string, exceptId?: number) {
  const clash = cachedStatement(db, 'SELECT 1 FROM aws_accounts WHERE account_id = ? AND id IS NOT ?')
    .pluck()
    .get(accountId, exceptId ?? null)
  if (clash) throw new HttpError(400, AWS_ACCOUNT_MESSAGES.duplicate)
}

export function createAwsAccount(db: Db, input: AwsAccountInput, username: string, now: number): AwsAccount {
  const id = db.transaction(() => {
    const count = cachedStatement(db, 'SELECT count(*) FROM aws_accounts').pluck().get() as number
    if (count >= MAX_AWS_ACCOUNTS)
      throw new HttpError(400, `An install keeps at most ${MAX_AWS_ACCOUNTS} AWS accounts: delete one first.`)
    refuseDuplicate(db, input.accountId)
    const c = credentials(input)
    return cachedStatement(
      db,
      `INSERT INTO aws_accounts (account_id, alias, region, auth_type, role_arn, access_key_id, secret_access_key,
                                 created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      input.accountId,
      input.alias.trim(),
      input.region,
      input.authType,
      c.roleArn,
      c.accessKeyId,
      c.secret,
      username,
      now,
      now,
    ).lastInsertRowid
  })()
  return accountOf(accountRow(db, Number(id)))
}

export function updateAwsAccount(db: Db, id: number, input: AwsAccountInput, now: number): AwsAccount {
  db.transaction(() => {
    const stored = accountRow(db, id)
    refuseDuplicate(db, input.accountId, id)
    const c = credentials(input, stored)
    cachedStatement(
      db,
      `UPDATE aws_accounts SET account_id = ?, alias = ?, region = ?, auth_type = ?, role_arn = ?,
              access_key_id = ?, secret_access_key = ?, updated_at = ?
       WHERE id = ?`,
    ).run(
      input.accountId,
      input.alias.trim(),
      input.region,
      input.authType,
      c.roleArn,
      c.accessKeyId,
      c.secret,
      now,
      id,
    )
  })()
  return accountOf(accountRow(db, id))
}

export function deleteAwsAccount(db: Db, id: number): void {
  if (cachedStatement(db, 'DELETE FROM aws_accounts WHERE id = ?').run(id).changes === 0) throw notFound(id)
}

/** The account the seed adds (seed/index.ts): the demo's EMR clusters come from it. */
export function insertSeedAwsAccount(db: Db, createdBy: string, now: number): void {
  db.prepare(
    `INSERT INTO aws_accounts (account_id, alias, region, auth_type, role_arn, created_by, created_at, updated_at)
     VALUES ('123456789012', 'analytics-prod', 'us-east-1', 'role', 'arn:aws:iam::123456789012:role/costlens-reader',
             ?, ?, ?)`,
  ).run(createdBy, now, now)
}

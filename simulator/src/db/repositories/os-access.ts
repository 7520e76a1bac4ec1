import {
  MAX_OS_ROLES,
  MAX_OS_USERS,
  OS_ACCESS_MESSAGES,
  OS_PERMISSIONS,
  OS_PERMISSION_IDS,
  type ClusterType,
  type OsPermission,
  type OsRole,
  type OsRoleInput,
  type OsRoleList,
  type OsRoleUpdate,
  type OsUser,
  type OsUserAttribute,
  type OsUserInput,
  type OsUserList,
  type OsUserUpdate,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { hashPassword } from '../passwords.ts'
import { cachedStatement } from '../statement-cache.ts'

/*
 * OpenSearch's internal users and roles of a platform (E179), in SQLite: what the security plugin
 * of the platform's OpenSearch holds. Who may call (admins) is the endpoints' access; here, each
 * platform sees its own, names are unique any case, roles exist before users are mapped to them, and
 * the built-in roles stay as they are.
 */

interface RoleRow {
  id: number
  name: string
  description: string
  permissions: string
  built_in: 0 | 1
  updated_at: number
  users: number
}

interface UserRow {
  id: number
  username: string
  backend_roles: string
  attributes: string
  created_at: number
  updated_at: number
  roles: string | null
}

const ROLES_SQL = `SELECT r.id, r.name, r.description, r.permissions, r.built_in, r.updated_at,
                          (SELECT count(*) FROM os_user_roles m WHERE m.role_id = r.id) AS users
                     FROM os_roles r`
// The mapped roles in name order, as one text (a user maps at most 20).
const USERS_SQL = `SELECT u.id, u.username, u.backend_roles, u.attributes, u.created_at, u.updated_at,
                          (SELECT json_group_array(name) FROM
                             (SELECT r.name FROM os_user_roles m JOIN os_roles r ON r.id = m.role_id
                               WHERE m.user_id = u.id ORDER BY r.name_key)) AS roles
                     FROM os_users u`

const nameKey = (name: string) => name.toLowerCase()

function roleOf(row: RoleRow): OsRole {
  return {
    name: row.name,
    description: row.description,
    permissions: JSON.parse(row.permissions) as OsPermission[],
    builtIn: row.built_in === 1,
    users: row.users,
    updatedAt: row.updated_at,
  }
}

function userOf(row: UserRow): OsUser {
  return {
    username: row.username,
    roles: row.roles ? (JSON.parse(row.roles) as string[]) : [],
    backendRoles: JSON.parse(row.backend_roles) as string[],
    attributes: JSON.parse(row.attributes) as OsUserAttribute[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

function roleRow(db: Db, platform: ClusterType, name: string): RoleRow {
  const row = cachedStatement(db, `${ROLES_SQL} WHERE r.platform = ? AND r.name_key = ?`).get(
    platform,
    nameKey(name),
  ) as RoleRow | undefined
  if (!row) throw new HttpError(404, `The role ${name} does not exist`)
  return row
}

function userRow(db: Db, platform: ClusterType, username: string): UserRow {
  const row = cachedStatement(db, `${USERS_SQL} WHERE u.platform = ? AND u.name_key = ?`).get(
    platform,
    nameKey(username),
  ) as UserRow | undefined
  if (!row) throw new HttpError(404, `The user ${username} does not exist`)
  return row
}

/** The roles of the platform, built-in first, then by name, and the catalogue they grant from. */
export function listRoles(db: Db, platform: ClusterType): OsRoleList {
  const rows = cachedStatement(
    db,
    `${ROLES_SQL} WHERE r.platform = ? ORDER BY r.built_in DESC, r.name_key`,
  ).all(platform) as RoleRow[]
  return {
    roles: rows.map(roleOf),
    permissions: OS_PERMISSION_IDS.map((id) => ({ id, label: OS_PERMISSIONS[id] })),
  }
}

/**
 * The permissions as stored: each of the catalogue (400 naming the first that is not), in the
 * catalogue's order, so two roles granting the same read alike.
 */
function catalogueOrder(permissions: readonly string[]): string {
  const unknown = permissions.find((p) => !(OS_PERMISSION_IDS as readonly string[]).includes(p))
  if (unknown !== undefined) throw new HttpError(400, OS_ACCESS_MESSAGES.unknownPermission(unknown))
  return JSON.stringify(OS_PERMISSION_IDS.filter((p) => permissions.includes(p)))
}

export function createRole(db: Db, platform: ClusterType, input: OsRoleInput, now: number): OsRole {
  db.transaction(() => {
    const count = cachedStatement(db, 'SELECT count(*) FROM os_roles WHERE platform = ?')
      .pluck()
      .get(platform) as number
    if (count >= MAX_OS_ROLES) throw new HttpError(400, OS_ACCESS_MESSAGES.tooManyRoles)
    const taken = cachedStatement(db, 'SELECT 1 FROM os_roles WHERE platform = ? AND name_key = ?').get(
      platform,
      nameKey(input.name),
    )
    if (taken) throw new HttpError(400, OS_ACCESS_MESSAGES.roleTaken(input.name))
    insertRole(db, platform, { ...input, builtIn: false }, now)
  })()
  return roleOf(roleRow(db, platform, input.name))
}

/** A role's row (the seed's built-in roles too). */
export function insertRole(
  db: Db,
  platform: ClusterType,
  role: { name: string; description?: string; permissions: readonly string[]; builtIn: boolean },
  now: number,
): void {
  cachedStatement(
    db,
    `INSERT INTO os_roles (platform, name, name_key, description, permissions, built_in, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    platform,
    role.name,
    nameKey(role.name),
    role.description?.trim() ?? '',
    catalogueOrder(role.permissions),
    role.builtIn ? 1 : 0,
    now,
  )
}

/** A stored role that may change: not a built-in one (400 otherwise). */
function changeableRole(db: Db, platform: ClusterType, name: string): RoleRow {
  const row = roleRow(db, platform, name)
  if (row.built_in === 1) throw new HttpError(400, OS_ACCESS_MESSAGES.builtIn(row.name))
  return row
}

export function updateRole(
  db: Db,
  platform: ClusterType,
  name: string,
  input: OsRoleUpdate,
  now: number,
): OsRole {
  db.transaction(() => {
    const row = changeableRole(db, platform, name)
    cachedStatement(
      db,
      'UPDATE os_roles SET description = ?, permissions = ?, updated_at = ? WHERE id = ?',
    ).run(input.description?.trim() ?? row.description, catalogueOrder(input.permissions), now, row.id)
  })()
  return roleOf(roleRow(db, platform, name))
}

/** Deletes a role no user is mapped to (400 naming how many are otherwise). */
export function deleteRole(db: Db, platform: ClusterType, name: string): string {
  return db.transaction(() => {
    const row = changeableRole(db, platform, name)
    if (row.users > 0) throw new HttpError(400, OS_ACCESS_MESSAGES.roleInUse(row.name, row.users))
    cachedStatement(db, 'DELETE FROM os_roles WHERE id = ?').run(row.id)
    return row.name
  })()
}

/** The platform's users by username. */
export function listUsers(db: Db, platform: ClusterType): OsUserList {
  const rows = cachedStatement(db, `${USERS_SQL} WHERE u.platform = ? ORDER BY u.name_key`).all(
    platform,
  ) as UserRow[]
  return { users: rows.map(userOf) }
}

/** The ids of the named roles of the platform; 400 naming the first that does not exist. */
function roleIds(db: Db, platform: ClusterType, names: readonly string[]): number[] {
  const find = cachedStatement(db, 'SELECT id FROM os_roles WHERE platform = ? AND name_key = ?').pluck()
  const ids = names.map((name) => {
    const id = find.get(platform, nameKey(name)) as number | undefined
    if (id === undefined) throw new HttpError(400, OS_ACCESS_MESSAGES.unknownRole(name))
    return id
  })
  // 'Ops' and 'ops' are one role: mapped once.
  return [...new Set(ids)]
}

/** Attributes with unique keys (400 naming a repeated one), trimmed. */
function attributesJson(attributes: readonly OsUserAttribute[]): string {
  const seen = new Set<string>()
  for (const { key } of attributes) {
    if (seen.has(key)) throw new HttpError(400, OS_ACCESS_MESSAGES.repeatedAttribute(key))
    seen.add(key)
  }
  return JSON.stringify(attributes.map(({ key, value }) => ({ key, value: value.trim() })))
}

function mapRoles(db: Db, userId: number, ids: readonly number[]): void {
  cachedStatement(db, 'DELETE FROM os_user_roles WHERE user_id = ?').run(userId)
  const insert = cachedStatement(db, 'INSERT INTO os_user_roles (user_id, role_id) VALUES (?, ?)')
  for (const id of ids) insert.run(userId, id)
}

/** A user's row and its role mapping (the seed's users too, whose password is not costlens's). */
export function insertUser(
  db: Db,
  platform: ClusterType,
  user: Omit<OsUserInput, 'password'> & { passwordHash: string | null },
  now: number,
): void {
  const ids = roleIds(db, platform, user.roles)
  const attributes = attributesJson(user.attributes)
  const id = cachedStatement(
    db,
    `INSERT INTO os_users (platform, username, name_key, password_hash, backend_roles, attributes, created_at,
                           updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    platform,
    user.username,
    nameKey(user.username),
    user.passwordHash,
    JSON.stringify(user.backendRoles),
    attributes,
    now,
    now,
  ).lastInsertRowid
  mapRoles(db, Number(id), ids)
}

export function createUser(db: Db, platform: ClusterType, input: OsUserInput, now: number): OsUser {
  // Derived before the transaction: scrypt takes tens of milliseconds, on purpose.
  const passwordHash = hashPassword(input.password)
  db.transaction(() => {
    const count = cachedStatement(db, 'SELECT count(*) FROM os_users WHERE platform = ?')
      .pluck()
      .get(platform) as number
    if (count >= MAX_OS_USERS) throw new HttpError(400, OS_ACCESS_MESSAGES.tooManyUsers)
    const taken = cachedStatement(db, 'SELECT 1 FROM os_users WHERE platform = ? AND name_key = ?').get(
      platform,
      nameKey(input.username),
    )
    if (taken) throw new HttpError(400, OS_ACCESS_MESSAGES.userTaken(input.username))
    insertUser(db, platform, { ...input, passwordHash }, now)
  })()
  return userOf(userRow(db, platform, input.username))
}

export function updateUser(
  db: Db,
  platform: ClusterType,
  username: string,
  input: OsUserUpdate,
  now: number,
): OsUser {
  // Another platform's user is a 404 before its input is looked at (or a password derived).
  userRow(db, platform, username)
  const passwordHash = input.password !== undefined ? hashPassword(input.password) : undefined
  db.transaction(() => {
    const row = userRow(db, platform, username)
    const ids = roleIds(db, platform, input.roles)
    cachedStatement(
      db,
      `UPDATE os_users SET backend_roles = ?, attributes = ?, password_hash = coalesce(?, password_hash),
                           updated_at = ?
        WHERE id = ?`,
    ).run(
      JSON.stringify(input.backendRoles),
      attributesJson(input.attributes),
      passwordHash ?? null,
      now,
      row.id,
    )
    mapRoles(db, row.id, ids)
  })()
  return userOf(userRow(db, platform, username))
}

export function deleteUser(db: Db, platform: ClusterType, username: string): string {
  const row = userRow(db, platform, username)
  // The role mapping goes with it (the foreign key cascades).
  cachedStatement(db, 'DELETE FROM os_users WHERE id = ?').run(row.id)
  return row.username
}

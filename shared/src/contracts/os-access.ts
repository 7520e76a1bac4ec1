import { Type, type Static } from 'typebox'
import { ERROR_MESSAGE_KEYWORD } from './common.ts'

/*
 * OpenSearch users and roles (E179; /manage/os_manage_users, /manage/os_manage_roles; 01 §6 "user
 * and role management for OpenSearch", admin only). These are the OpenSearch security plugin's
 * internal users and roles of the install's OpenSearch (the store behind the dashboards, alerting
 * and anomaly views), not the console's sign-in users. The spec shows the two pages only (03 §7), so
 * the fields, the permission catalogue and the paths are ours (G01), after OpenSearch's own model:
 * a role grants permissions, a user is mapped to roles and carries backend roles and attributes;
 * the built-in roles are reserved.
 */

/**
 * Every permission a role can grant, with what it allows: the OpenSearch views' reads and writes,
 * and the management of these users and roles.
 */
export const OS_PERMISSIONS = {
  'dashboards:read': 'Open dashboards',
  'dashboards:write': 'Create, change and delete dashboards',
  'alerting:read': 'See monitors and alerts',
  'alerting:write': 'Create monitors, acknowledge alerts',
  'anomalies:read': 'See detectors and anomalies',
  'anomalies:write': 'Create and run anomaly detectors',
  'notifications:read': 'See notification channels',
  'notifications:write': 'Create, change and test notification channels',
  'users:manage': 'Manage these users and roles',
} as const
export type OsPermission = keyof typeof OS_PERMISSIONS
export const OS_PERMISSION_IDS = Object.keys(OS_PERMISSIONS) as readonly OsPermission[]

const READS = OS_PERMISSION_IDS.filter((p) => p.endsWith(':read'))

/**
 * The reserved roles every install has (OpenSearch's own names): they cannot be changed or deleted,
 * and users are mapped to them like any other role.
 */
export const BUILT_IN_OS_ROLES: Readonly<
  Record<string, { description: string; permissions: readonly OsPermission[] }>
> = {
  all_access: {
    description: 'Every permission, the management of users and roles included',
    permissions: OS_PERMISSION_IDS,
  },
  readall: { description: 'Reads everything, changes nothing', permissions: READS },
  alerting_full_access: {
    description: 'Monitors and their alerts, and the channels they notify',
    permissions: ['alerting:read', 'alerting:write', 'notifications:read'],
  },
  anomaly_full_access: {
    description: 'Anomaly detectors and their results',
    permissions: ['anomalies:read', 'anomalies:write'],
  },
}

/** Role names, usernames, backend roles and attribute keys: OpenSearch's safe characters. */
export const OS_NAME_PATTERN = '^[A-Za-z0-9_.-]{1,64}$'
/** The most of each a user carries, and the most users and roles an install keeps. */
export const MAX_OS_USER_ROLES = 20
export const MAX_OS_BACKEND_ROLES = 20
export const MAX_OS_ATTRIBUTES = 10
export const MAX_OS_ATTRIBUTE_VALUE_LENGTH = 256
export const MAX_OS_USERS = 500
export const MAX_OS_ROLES = 100
export const MIN_OS_PASSWORD_LENGTH = 8
export const MAX_OS_PASSWORD_LENGTH = 128

/** The 400s of these calls, in words a person acts on. */
export const OS_ACCESS_MESSAGES = {
  roleName: 'A role name is 1 to 64 letters, digits, _ . or - characters.',
  username: 'A username is 1 to 64 letters, digits, _ . or - characters.',
  permissions: `Permissions are each given once, from: ${OS_PERMISSION_IDS.join(', ')}.`,
  unknownPermission: (id: string) =>
    `There is no permission ${id}: choose from ${OS_PERMISSION_IDS.join(', ')}.`,
  roleTaken: (name: string) => `A role named ${name} already exists.`,
  userTaken: (name: string) => `A user named ${name} already exists.`,
  builtIn: (name: string) => `The role ${name} is built in: it cannot be changed or deleted.`,
  unknownRole: (name: string) => `There is no role named ${name}.`,
  roleInUse: (name: string, users: number) =>
    `The role ${name} is mapped to ${users} user${users === 1 ? '' : 's'}: remove it from them first.`,
  repeatedAttribute: (key: string) => `The attribute ${key} is given twice.`,
  tooManyRoles: `An install keeps at most ${MAX_OS_ROLES} roles.`,
  tooManyUsers: `An install keeps at most ${MAX_OS_USERS} users.`,
} as const

const NameSchema = (description: string, message?: string) =>
  Type.String({
    pattern: OS_NAME_PATTERN,
    description: `${description}: 1-64 letters, digits, _ . or -`,
    ...(message && { [ERROR_MESSAGE_KEYWORD]: message }),
  })
// The items are checked against the catalogue by the server, so a refusal names the unknown one.
const PermissionsSchema = Type.Array(Type.String({ maxLength: 64 }), {
  uniqueItems: true,
  maxItems: OS_PERMISSION_IDS.length,
  description: `each once, of the catalogue GET roles answers: ${OS_PERMISSION_IDS.join(', ')}`,
  [ERROR_MESSAGE_KEYWORD]: OS_ACCESS_MESSAGES.permissions,
})
const DescriptionSchema = Type.String({ maxLength: 500 })

/** POST body: a new role. */
export const OsRoleInputSchema = Type.Object(
  {
    name: NameSchema('unique among the roles, any case', OS_ACCESS_MESSAGES.roleName),
    description: Type.Optional(DescriptionSchema),
    permissions: PermissionsSchema,
  },
  { additionalProperties: false, title: 'OsRoleInput' },
)
export type OsRoleInput = Static<typeof OsRoleInputSchema>

/** PUT body: what a role grants (its name is its identity: OpenSearch renames none). */
export const OsRoleUpdateSchema = Type.Object(
  { description: Type.Optional(DescriptionSchema), permissions: PermissionsSchema },
  { additionalProperties: false, title: 'OsRoleUpdate' },
)
export type OsRoleUpdate = Static<typeof OsRoleUpdateSchema>

export const OsRoleParamsSchema = Type.Object(
  { name: NameSchema('the role') },
  { additionalProperties: false },
)

export const OsRoleSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    permissions: Type.Array(Type.Enum(OS_PERMISSION_IDS)),
    builtIn: Type.Boolean({ description: 'reserved: cannot be changed or deleted' }),
    users: Type.Integer({ description: 'users mapped to it' }),
    updatedAt: Type.Integer({ description: 'epoch ms' }),
  },
  { title: 'OsRole' },
)
export type OsRole = Static<typeof OsRoleSchema>

export const OsPermissionInfoSchema = Type.Object({
  id: Type.Enum(OS_PERMISSION_IDS),
  label: Type.String(),
})

export const OsRoleListSchema = Type.Object(
  {
    roles: Type.Array(OsRoleSchema, { maxItems: MAX_OS_ROLES }),
    permissions: Type.Array(OsPermissionInfoSchema, { description: 'the catalogue a role grants from' }),
  },
  { title: 'OsRoleList' },
)
export type OsRoleList = Static<typeof OsRoleListSchema>

export const OsUserAttributeSchema = Type.Object(
  {
    key: NameSchema('the attribute'),
    value: Type.String({ maxLength: MAX_OS_ATTRIBUTE_VALUE_LENGTH }),
  },
  { additionalProperties: false },
)
export type OsUserAttribute = Static<typeof OsUserAttributeSchema>

const mapping = {
  roles: Type.Array(NameSchema('a role'), {
    uniqueItems: true,
    maxItems: MAX_OS_USER_ROLES,
    description: 'the roles the user is mapped to: each must exist',
  }),
  backendRoles: Type.Array(NameSchema('a backend role'), {
    uniqueItems: true,
    maxItems: MAX_OS_BACKEND_ROLES,
    description: 'roles an identity provider gives, which role mappings can name',
  }),
  attributes: Type.Array(OsUserAttributeSchema, {
    maxItems: MAX_OS_ATTRIBUTES,
    description: 'key-value pairs document-level security can read; keys unique',
  }),
}
const PasswordSchema = Type.String({
  minLength: MIN_OS_PASSWORD_LENGTH,
  maxLength: MAX_OS_PASSWORD_LENGTH,
  description: 'stored as a scrypt hash, never answered',
})

/** POST body: a new internal user. */
export const OsUserInputSchema = Type.Object(
  {
    username: NameSchema('unique among the users, any case', OS_ACCESS_MESSAGES.username),
    password: PasswordSchema,
    ...mapping,
  },
  { additionalProperties: false, title: 'OsUserInput' },
)
export type OsUserInput = Static<typeof OsUserInputSchema>

/** PUT body: a user's roles, backend roles and attributes; a password only to change it. */
export const OsUserUpdateSchema = Type.Object(
  { password: Type.Optional(PasswordSchema), ...mapping },
  { additionalProperties: false, title: 'OsUserUpdate' },
)
export type OsUserUpdate = Static<typeof OsUserUpdateSchema>

export const OsUserParamsSchema = Type.Object(
  { username: NameSchema('the user') },
  { additionalProperties: false },
)

export const OsUserSchema = Type.Object(
  {
    username: Type.String(),
    roles: Type.Array(Type.String()),
    backendRoles: Type.Array(Type.String()),
    attributes: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
    createdAt: Type.Integer({ description: 'epoch ms' }),
    updatedAt: Type.Integer({ description: 'epoch ms' }),
  },
  { title: 'OsUser' },
)
export type OsUser = Static<typeof OsUserSchema>

export const OsUserListSchema = Type.Object(
  { users: Type.Array(OsUserSchema, { maxItems: MAX_OS_USERS }) },
  { title: 'OsUserList' },
)
export type OsUserList = Static<typeof OsUserListSchema>

export const OsDeletedSchema = Type.Object({ name: Type.String(), deleted: Type.Boolean() })

import {
  MAX_OS_ROLES,
  MAX_OS_USERS,
  OsDeletedSchema,
  OsRoleInputSchema,
  OsRoleListSchema,
  OsRoleParamsSchema,
  OsRoleSchema,
  OsRoleUpdateSchema,
  OsUserInputSchema,
  OsUserListSchema,
  OsUserParamsSchema,
  OsUserSchema,
  OsUserUpdateSchema,
} from '../contracts/os-access.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * OpenSearch users and roles (E179; /manage/os_manage_users R137 R168, /manage/os_manage_roles R138
 * R169). The spec shows the pages, no call (03 §7: "OpenSearch calls are not shown"), so the paths
 * and verbs are ours (G01), after the security plugin's own API (internal users and roles by name).
 * User and role management for OpenSearch is admin only (01 §6): every call answers 403 to any
 * other role. The users and roles are the platform's (its OpenSearch): another platform's are not
 * there for its users (404). Kubernetes' OpenSearch views have them too, though its layout lists no
 * such page yet.
 */
const admins = { platforms: ['SNOWFLAKE', 'BIGQUERYV2', 'K8S'], roles: ['admin'] } as const
const tags = ['opensearch'] as const

const ROLE_RULES =
  'name: 1-64 letters, digits, _ . or -, unique any case (400 naming it); permissions: each once, from the ' +
  'catalogue GET answers (400 otherwise). The built-in roles all_access, readall, alerting_full_access and ' +
  'anomaly_full_access cannot be changed or deleted (400).'
const USER_RULES =
  'username: 1-64 letters, digits, _ . or -, unique any case; password: 8-128 characters, stored as a scrypt ' +
  'hash and never answered; roles: existing roles (400 "There is no role named …"); backendRoles: up to 20 ' +
  'names; attributes: up to 10 key-value pairs, keys unique.'

const usersRoute = ['E179', 'R137', 'R168'] as const
const rolesRoute = ['E179', 'R138', 'R169'] as const

export const osAccessEndpoints = defineEndpoints({
  roles: defineEndpoint({
    method: 'GET',
    path: '/api/v1/opensearch/security/roles',
    specIds: rolesRoute,
    pathIsOurs: true,
    tags,
    access: admins,
    summary: "The platform's OpenSearch roles, built-in first, and the permissions a role can grant",
    description: 'users: how many users each role is mapped to.',
    response: OsRoleListSchema,
  }),
  createRole: defineEndpoint({
    method: 'POST',
    path: '/api/v1/opensearch/security/roles',
    specIds: rolesRoute,
    pathIsOurs: true,
    tags,
    access: admins,
    summary: 'Creates an OpenSearch role',
    description: `${ROLE_RULES} At most ${MAX_OS_ROLES} roles.`,
    body: OsRoleInputSchema,
    response: OsRoleSchema,
    changesState: true,
  }),
  updateRole: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/opensearch/security/roles/{name}',
    specIds: rolesRoute,
    pathIsOurs: true,
    tags,
    access: admins,
    summary: "Changes a role's description and permissions",
    description: ROLE_RULES,
    params: OsRoleParamsSchema,
    body: OsRoleUpdateSchema,
    response: OsRoleSchema,
    errors: [404],
    changesState: true,
  }),
  removeRole: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/opensearch/security/roles/{name}',
    specIds: rolesRoute,
    pathIsOurs: true,
    tags,
    access: admins,
    summary: 'Deletes a role no user is mapped to',
    description: 'A built-in role, or one users are mapped to, is refused (400 saying which).',
    params: OsRoleParamsSchema,
    response: OsDeletedSchema,
    errors: [404],
    changesState: true,
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/v1/opensearch/security/users',
    specIds: usersRoute,
    pathIsOurs: true,
    tags,
    access: admins,
    summary: "The platform's OpenSearch internal users with their roles, backend roles and attributes",
    description: 'By username. Passwords are never answered.',
    response: OsUserListSchema,
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/api/v1/opensearch/security/users',
    specIds: usersRoute,
    pathIsOurs: true,
    tags,
    access: admins,
    summary: 'Creates an OpenSearch internal user',
    description: `${USER_RULES} At most ${MAX_OS_USERS} users.`,
    body: OsUserInputSchema,
    response: OsUserSchema,
    changesState: true,
  }),
  updateUser: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/opensearch/security/users/{username}',
    specIds: usersRoute,
    pathIsOurs: true,
    tags,
    access: admins,
    summary: "Changes a user's roles, backend roles and attributes (and its password, when given)",
    description: USER_RULES,
    params: OsUserParamsSchema,
    body: OsUserUpdateSchema,
    response: OsUserSchema,
    errors: [404],
    changesState: true,
  }),
  removeUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/opensearch/security/users/{username}',
    specIds: usersRoute,
    pathIsOurs: true,
    tags,
    access: admins,
    summary: 'Deletes an OpenSearch internal user',
    params: OsUserParamsSchema,
    response: OsDeletedSchema,
    errors: [404],
    changesState: true,
  }),
})

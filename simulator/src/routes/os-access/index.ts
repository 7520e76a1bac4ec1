import type { FastifyInstance } from 'fastify'
import { osAccessEndpoints as calls } from '@costlens/shared'
import {
  createRole,
  createUser,
  deleteRole,
  deleteUser,
  listRoles,
  listUsers,
  updateRole,
  updateUser,
} from '../../db/repositories/os-access.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * OpenSearch users and roles (E179): the platform's security plugin's, in SQLite. Admins only, by
 * the entries' access; each platform reads and changes its own.
 */
export default async function osAccessRoutes(app: FastifyInstance) {
  const platform = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).platform
  route(app, calls.roles, (request) => listRoles(app.db, platform(request)))
  route(app, calls.createRole, (request) =>
    createRole(app.db, platform(request), request.body, app.clock.now()),
  )
  route(app, calls.updateRole, (request) =>
    updateRole(app.db, platform(request), request.params.name, request.body, app.clock.now()),
  )
  route(app, calls.removeRole, (request) => ({
    name: deleteRole(app.db, platform(request), request.params.name),
    deleted: true,
  }))
  route(app, calls.users, (request) => listUsers(app.db, platform(request)))
  route(app, calls.createUser, (request) =>
    createUser(app.db, platform(request), request.body, app.clock.now()),
  )
  route(app, calls.updateUser, (request) =>
    updateUser(app.db, platform(request), request.params.username, request.body, app.clock.now()),
  )
  route(app, calls.removeUser, (request) => ({
    name: deleteUser(app.db, platform(request), request.params.username),
    deleted: true,
  }))
}

import { osAccessEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/**
 * OpenSearch users and roles (E179), built from `osAccessEndpoints`. Roles and users refetch
 * together: a user's mapping changes a role's user count, a role's deletion a user's roles.
 */
export const osAccessApi = api.enhanceEndpoints({ addTagTypes: ['OsAccess'] }).injectEndpoints({
  endpoints: (build) => {
    const tags = { providesTags: ['OsAccess'] }
    const writes = { invalidatesTags: ['OsAccess'] }
    return {
      osRoles: endpointQuery(build, calls.roles, tags),
      createOsRole: endpointMutation(build, calls.createRole, writes),
      updateOsRole: endpointMutation(build, calls.updateRole, writes),
      deleteOsRole: endpointMutation(build, calls.removeRole, writes),
      osUsers: endpointQuery(build, calls.users, tags),
      createOsUser: endpointMutation(build, calls.createUser, writes),
      updateOsUser: endpointMutation(build, calls.updateUser, writes),
      deleteOsUser: endpointMutation(build, calls.removeUser, writes),
    }
  },
})

export const {
  useOsRolesQuery,
  useCreateOsRoleMutation,
  useUpdateOsRoleMutation,
  useDeleteOsRoleMutation,
  useOsUsersQuery,
  useCreateOsUserMutation,
  useUpdateOsUserMutation,
  useDeleteOsUserMutation,
} = osAccessApi

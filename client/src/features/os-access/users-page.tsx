import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core'
import { type OsUser, type OsUserInput } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { ConfirmDeleteModal, recordActionsColumn, useRecordEditor } from '../../kit/record-actions.tsx'
import {
  useCreateOsUserMutation,
  useDeleteOsUserMutation,
  useOsRolesQuery,
  useOsUsersQuery,
  useUpdateOsUserMutation,
} from './api.ts'
import { UserForm, userUpdateOf } from './user-form.tsx'

// Default and dot badges keep the words in body text colour (AA on any row).
const badges = (names: readonly string[], variant: 'default' | 'dot' = 'default') => (
  <Group gap={4}>
    {names.map((name) => (
      <Badge key={name} size="sm" variant={variant} tt="none">
        {name}
      </Badge>
    ))}
  </Group>
)

function columns(edit: (u: OsUser) => void, remove: (u: OsUser) => void): DataColumn<OsUser>[] {
  return [
    {
      key: 'username',
      title: 'Username',
      width: 200,
      sticky: true,
      render: (u) => (
        <Text size="sm" ff="monospace">
          {u.username}
        </Text>
      ),
    },
    {
      key: 'roles',
      title: 'Roles',
      width: 320,
      value: (u) => u.roles.join(', '),
      render: (u) => badges(u.roles),
    },
    {
      key: 'backendRoles',
      title: 'Backend roles',
      width: 180,
      value: (u) => u.backendRoles.join(', '),
      render: (u) => badges(u.backendRoles, 'dot'),
    },
    {
      key: 'attributes',
      title: 'Attributes',
      width: 260,
      sortable: false,
      value: (u) => u.attributes.map((a) => `${a.key}=${a.value}`).join(', '),
    },
    col.time<OsUser>('updatedAt', 'Last updated'),
    recordActionsColumn<OsUser>((u) => `the user ${u.username}`, { edit, remove }),
  ]
}

/**
 * /manage/os_manage_users (R137, R168; admin only): the internal users of the platform's OpenSearch
 * (not the console's sign-in users) with the roles they are mapped to, their backend roles and
 * attributes; admins add users, change their roles and delete them. Passwords are written, never shown.
 */
export default function UsersPage() {
  useDocumentTitle('Users')
  const list = useOsUsersQuery()
  const roles = useOsRolesQuery()
  const [createUser] = useCreateOsUserMutation()
  const [updateUser] = useUpdateOsUserMutation()
  const [deleteUser, deletion] = useDeleteOsUserMutation()
  const { editing, setEditing, deleting, setDeleting, save, confirmDelete } = useRecordEditor({
    create: (input: OsUserInput) => createUser(input),
    update: (u: OsUser, input: OsUserInput) => updateUser({ username: u.username, ...userUpdateOf(input) }),
    remove: (u: OsUser) => deleteUser({ username: u.username }),
  })
  const users = list.data?.users ?? []
  const panel = queryPanel(list, users.length === 0)
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={1} size="h3">
            Users
          </Title>
          <Text size="sm" c="dimmed">
            The internal users of this platform’s OpenSearch and the roles they are mapped to. These are not
            the console’s sign-in users.
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>Create user</Button>
      </Group>
      <DataTable
        caption="OpenSearch users"
        mode="client"
        columns={columns(setEditing, setDeleting)}
        rows={users}
        rowKey={(u) => u.username}
        loading={list.isFetching}
        emptyText="No users."
        failure={
          panel.status === 'failed' ? { what: 'Users', error: list.error, onRetry: panel.onRetry } : null
        }
        search
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={editing === 'new' ? 'Create user' : `Edit user ${editing?.username ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <UserForm
            user={editing === 'new' ? undefined : editing}
            roleNames={(roles.data?.roles ?? []).map((r) => r.name)}
            others={users.map((u) => u.username)}
            submitLabel={editing === 'new' ? 'Create user' : 'Save user'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete user"
        failure={deletion.isError ? deletion.error : undefined}
        deleting={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the OpenSearch user “{deleting?.username}”? It can no longer sign in to OpenSearch.
      </ConfirmDeleteModal>
    </Stack>
  )
}

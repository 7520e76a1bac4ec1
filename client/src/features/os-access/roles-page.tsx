import { Badge, Button, Group, Modal, Stack, Text, Title, Tooltip } from '@mantine/core'
import { OS_PERMISSIONS, type OsRole, type OsRoleInput } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { ConfirmDeleteModal, recordActionsColumn, useRecordEditor } from '../../kit/record-actions.tsx'
import {
  useCreateOsRoleMutation,
  useDeleteOsRoleMutation,
  useOsRolesQuery,
  useUpdateOsRoleMutation,
} from './api.ts'
import { RoleForm } from './role-form.tsx'

function columns(edit: (r: OsRole) => void, remove: (r: OsRole) => void): DataColumn<OsRole>[] {
  const actions = recordActionsColumn<OsRole>((r) => `the role ${r.name}`, { edit, remove })
  return [
    {
      key: 'name',
      title: 'Role',
      width: 220,
      sticky: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" ff="monospace">
            {r.name}
          </Text>
          {r.builtIn && (
            <Badge size="xs" variant="default">
              Built-in
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'description', title: 'Description', width: 300 },
    {
      key: 'permissions',
      title: 'Permissions',
      width: 420,
      sortable: false,
      value: (r) => r.permissions.join(', '),
      render: (r) => (
        <Group gap={4}>
          {r.permissions.map((p) => (
            <Tooltip key={p} label={OS_PERMISSIONS[p]}>
              <Badge size="sm" variant="default" tt="none" tabIndex={0}>
                {p}
              </Badge>
            </Tooltip>
          ))}
        </Group>
      ),
    },
    { key: 'users', title: 'Users', width: 80, align: 'right' },
    col.time<OsRole>('updatedAt', 'Updated'),
    // Built-in roles are reserved: nothing to edit or delete.
    { ...actions, render: (r) => (r.builtIn ? null : actions.render!(r)) },
  ]
}

/**
 * /manage/os_manage_roles (R138, R169; admin only): the roles of the platform's OpenSearch, what each
 * grants and how many users are mapped to it; admins add, change and delete the non-built-in ones.
 */
export default function RolesPage() {
  useDocumentTitle('Roles')
  const list = useOsRolesQuery()
  const [createRole] = useCreateOsRoleMutation()
  const [updateRole] = useUpdateOsRoleMutation()
  const [deleteRole, deletion] = useDeleteOsRoleMutation()
  const { editing, setEditing, deleting, setDeleting, save, confirmDelete } = useRecordEditor({
    create: (input: OsRoleInput) => createRole(input),
    update: (r: OsRole, input: OsRoleInput) =>
      updateRole({ name: r.name, description: input.description, permissions: input.permissions }),
    remove: (r: OsRole) => deleteRole({ name: r.name }),
  })
  const roles = list.data?.roles ?? []
  const panel = queryPanel(list, roles.length === 0)
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={1} size="h3">
            Roles
          </Title>
          <Text size="sm" c="dimmed">
            The roles of this platform’s OpenSearch and what they grant. Built-in roles cannot be changed.
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>Create role</Button>
      </Group>
      <DataTable
        caption="OpenSearch roles"
        mode="client"
        columns={columns(setEditing, setDeleting)}
        rows={roles}
        rowKey={(r) => r.name}
        loading={list.isFetching}
        emptyText="No roles."
        failure={
          panel.status === 'failed' ? { what: 'Roles', error: list.error, onRetry: panel.onRetry } : null
        }
        paginate={false}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={editing === 'new' ? 'Create role' : `Edit role ${editing?.name ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <RoleForm
            role={editing === 'new' ? undefined : editing}
            permissions={list.data?.permissions ?? []}
            others={roles.filter((r) => editing === 'new' || r.name !== editing.name).map((r) => r.name)}
            submitLabel={editing === 'new' ? 'Create role' : 'Save role'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete role"
        failure={deletion.isError ? deletion.error : undefined}
        deleting={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the role “{deleting?.name}”? A role users are mapped to cannot be deleted.
      </ConfirmDeleteModal>
    </Stack>
  )
}

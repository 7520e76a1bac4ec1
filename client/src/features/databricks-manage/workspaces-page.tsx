import { useState } from 'react'
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core'
import {
  DATABRICKS_CLOUD_LABELS,
  DATABRICKS_TIER_LABELS,
  emptyWorkspaceFormMetadata,
  formatCount,
  type DatabricksWorkspace,
  type DatabricksWorkspaceInput,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { ConfirmDeleteModal, recordActionsColumn, writeRefusal } from '../../kit/record-actions.tsx'
import {
  useDatabricksWorkspacesQuery,
  useDeleteDatabricksWorkspaceMutation,
  useSaveDatabricksWorkspaceMutation,
  useWorkspaceFormMetadataQuery,
} from './api.ts'
import { WorkspaceFormView } from './workspace-form.tsx'

/** How costlens signs in to a workspace, without its secret: whether one is stored, or the secret's name. */
export function signInText(workspace: DatabricksWorkspace): string {
  const m = workspace.metadata
  if (!m) return '--'
  if (m.auth === 'token') {
    if (m.tokenSecretName) return `Token in secret ${m.tokenSecretName}`
    return m.tokenSet ? 'Personal access token (stored)' : 'Personal access token (none)'
  }
  const provider = m.identityProvider === 'AAD' ? 'AAD' : 'Databricks'
  const secret = m.clientSecretName
    ? `secret ${m.clientSecretName}`
    : m.clientSecretSet
      ? 'client secret stored'
      : 'no client secret'
  return `OAuth (${provider}), ${secret}`
}

function columns(
  canWrite: boolean,
  edit: (w: DatabricksWorkspace) => void,
  remove: (w: DatabricksWorkspace) => void,
): DataColumn<DatabricksWorkspace>[] {
  return [
    { key: 'workspaceName', title: 'Workspace Name', sortable: true, width: 190 },
    { key: 'workspaceId', title: 'Workspace ID', sortable: true, width: 160 },
    {
      key: 'cloud',
      title: 'Cloud',
      value: (w) => (w.metadata ? DATABRICKS_CLOUD_LABELS[w.metadata.cloud] : ''),
      width: 80,
    },
    {
      key: 'tier',
      title: 'Tier',
      value: (w) => (w.metadata ? DATABRICKS_TIER_LABELS[w.metadata.tier] : ''),
      width: 100,
    },
    { key: 'region', title: 'Region', value: (w) => w.metadata?.region ?? '', width: 110 },
    {
      key: 'instanceUrl',
      title: 'Instance(Region) URL',
      value: (w) => w.metadata?.instanceUrl ?? '',
      width: 280,
    },
    { key: 'signIn', title: 'Signs in with', value: signInText, width: 220 },
    {
      key: 'sql',
      title: 'SQL',
      value: (w) => (w.metadata?.sqlEnabled ? 'On' : 'Off'),
      width: 90,
    },
    {
      key: 'runs',
      title: 'Job runs',
      value: (w) => w.metadata?.runs ?? 0,
      render: (w) => formatCount(w.metadata?.runs ?? 0),
      sortable: true,
      width: 90,
    },
    ...(canWrite
      ? [
          recordActionsColumn<DatabricksWorkspace>((w) => `the workspace ${w.workspaceName}`, {
            edit,
            remove,
          }),
        ]
      : []),
  ]
}

/**
 * /manage/workspaces (R210): the Databricks workspaces costlens reads; admins add, edit and delete
 * them with the workspace form (02 §3, §5), whose fields the form metadata gives (E139). Tokens and
 * client secrets are never shown: the list says whether one is stored.
 */
export default function WorkspacesPage() {
  useDocumentTitle('Workspaces')
  const canWrite = useAppSelector((s) => s.session.user)!.role === 'admin'
  const list = useDatabricksWorkspacesQuery({ metadata: true })
  const metadata = useWorkspaceFormMetadataQuery()
  const [saveWorkspace] = useSaveDatabricksWorkspaceMutation()
  const [deleteWorkspace, deletion] = useDeleteDatabricksWorkspaceMutation()
  const [editing, setEditing] = useState<DatabricksWorkspace | 'new' | null>(null)
  const [deleting, setDeleting] = useState<DatabricksWorkspace | null>(null)
  const workspaces = list.data?.workspaces ?? []
  const panel = queryPanel(list, workspaces.length === 0)

  async function save(input: DatabricksWorkspaceInput) {
    const answer = await saveWorkspace(input)
    if ('error' in answer && answer.error) return answer.error
    setEditing(null)
    return undefined
  }

  async function confirmDelete() {
    if (!deleting) return
    if (!writeRefusal(await deleteWorkspace({ workspaceId: deleting.workspaceId }))) setDeleting(null)
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={1} size="h3">
            Workspaces
          </Title>
          <Text size="sm" c="dimmed">
            The Databricks workspaces whose jobs, clusters and costs costlens reads.
          </Text>
        </div>
        {canWrite && <Button onClick={() => setEditing('new')}>Add workspace</Button>}
      </Group>
      <DataTable
        caption="Databricks workspaces"
        columns={columns(canWrite, setEditing, setDeleting)}
        rows={workspaces}
        rowKey={(w) => w.workspaceId}
        loading={list.isFetching}
        emptyText="No workspace yet: add one so costlens can read its jobs and costs."
        failure={
          panel.status === 'failed' ? { what: 'workspaces', error: list.error, onRetry: panel.onRetry } : null
        }
        paginate={false}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={editing === 'new' ? 'Add workspace' : `Edit workspace ${editing?.workspaceName ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <WorkspaceFormView
            // B201: the metadata call failed: empty groups.
            metadata={metadata.data ?? emptyWorkspaceFormMetadata()}
            existing={workspaces}
            workspace={editing === 'new' ? undefined : editing}
            submitLabel={editing === 'new' ? 'Add workspace' : 'Save workspace'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete workspace"
        failure={deletion.isError ? deletion.error : undefined}
        deleting={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the workspace “{deleting?.workspaceName}” ({deleting?.workspaceId})? costlens stops reading it.
        A workspace with data cannot be deleted.
      </ConfirmDeleteModal>
    </Stack>
  )
}

import { useState } from 'react'
import { ConfirmDeleteModal, recordActionsColumn, writeRefusal } from '../../kit/record-actions.tsx'
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core'
import type { AwsAccount, AwsAccountInput } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import {
  useAwsAccountsQuery,
  useCreateAwsAccountMutation,
  useDeleteAwsAccountMutation,
  useUpdateAwsAccountMutation,
} from './api.ts'
import { AwsAccountForm } from './aws-account-form.tsx'

/** How an account signs in, without its secret: the role, or the key's last 4 characters. */
export function credentialText(account: AwsAccount): string {
  if (account.authType === 'role') return account.roleArn ?? 'Role'
  const key = account.accessKeyIdLast4 ? `Access key …${account.accessKeyIdLast4}` : 'Access key'
  return account.secretConfigured ? `${key} (secret stored)` : `${key} (no secret)`
}

function columns(
  canWrite: boolean,
  edit: (a: AwsAccount) => void,
  remove: (a: AwsAccount) => void,
): DataColumn<AwsAccount>[] {
  return [
    { key: 'alias', title: 'Alias', sortable: true, width: 220 },
    { key: 'accountId', title: 'Account id', sortable: true, width: 170 },
    { key: 'region', title: 'Region', sortable: true, width: 160 },
    // A role ARN is long: the column takes the room the others leave.
    { key: 'credential', title: 'Signs in with', value: credentialText, width: 520 },
    ...(canWrite
      ? [recordActionsColumn<AwsAccount>((a) => `the AWS account ${a.alias}`, { edit, remove })]
      : []),
  ]
}

/**
 * /manage/awsaccountsettings (R104): the AWS accounts the EMR data comes from; EMR admins add, edit
 * and delete them, read-only admins only read them. Secrets are stored, never shown: the list says
 * whether one is there.
 */
export default function AwsAccountsPage() {
  useDocumentTitle('AWS Account Settings')
  const canWrite = useAppSelector((s) => s.session.user)!.role === 'admin'
  const list = useAwsAccountsQuery()
  const [createAccount] = useCreateAwsAccountMutation()
  const [updateAccount] = useUpdateAwsAccountMutation()
  const [deleteAccount, deletion] = useDeleteAwsAccountMutation()
  const [editing, setEditing] = useState<AwsAccount | 'new' | null>(null)
  const [deleting, setDeleting] = useState<AwsAccount | null>(null)
  const accounts = list.data?.accounts ?? []
  const panel = queryPanel(list, accounts.length === 0)

  async function save(input: AwsAccountInput) {
    const answer =
      editing === 'new'
        ? await createAccount(input)
        : await updateAccount({ id: (editing as AwsAccount).id, ...input })
    const refusal = writeRefusal(answer)
    if (!refusal) setEditing(null)
    return refusal
  }

  async function confirmDelete() {
    if (!deleting) return
    if (!writeRefusal(await deleteAccount({ id: deleting.id }))) setDeleting(null)
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={1} size="h3">
            AWS Account Settings
          </Title>
          <Text size="sm" c="dimmed">
            The AWS accounts whose EMR clusters and costs costlens reads.
          </Text>
        </div>
        {canWrite && <Button onClick={() => setEditing('new')}>Add AWS account</Button>}
      </Group>
      <DataTable
        caption="AWS accounts"
        columns={columns(canWrite, setEditing, setDeleting)}
        rows={accounts}
        rowKey={(a) => String(a.id)}
        loading={list.isFetching}
        emptyText="No AWS account yet: add one so costlens can read its EMR clusters."
        failure={
          panel.status === 'failed'
            ? { what: 'AWS accounts', error: list.error, onRetry: panel.onRetry }
            : null
        }
        paginate={false}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={editing === 'new' ? 'Add AWS account' : `Edit AWS account ${editing?.alias ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <AwsAccountForm
            account={editing === 'new' ? undefined : editing}
            submitLabel={editing === 'new' ? 'Add account' : 'Save account'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete AWS account"
        failure={deletion.isError ? deletion.error : undefined}
        deleting={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the AWS account “{deleting?.alias}” ({deleting?.accountId})? costlens stops reading its
        clusters; its stored credentials are removed.
      </ConfirmDeleteModal>
    </Stack>
  )
}

import { Link } from 'react-router-dom'
import { Alert, Anchor, Button, Group, Modal, Stack, Text, Title, Tooltip } from '@mantine/core'
import { formatDollars, type Budget, type BudgetInput } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { columns as col } from '../../kit/columns.tsx'
import { ConfirmDeleteModal, recordActionsColumn, useRecordEditor } from '../../kit/record-actions.tsx'
import { useAwsTagsQuery } from './aws-tags-api.ts'
import {
  useBudgetsQuery,
  useCreateBudgetMutation,
  useDeleteBudgetMutation,
  useUpdateBudgetMutation,
} from './api.ts'
import { BudgetForm, draftOf } from './budget-form.tsx'
import { budgetScopeText } from './budget-scope.ts'
import { BudgetStatusBadge } from './budget-status-badge.tsx'

/** The address of a budget's details (R101). */
export const budgetDetailsPath = (id: number) => `/cost/budget/${id}/details/`

function columns(
  canWrite: boolean,
  edit: (b: Budget) => void,
  remove: (b: Budget) => void,
): DataColumn<Budget>[] {
  return [
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      render: (b) => (
        <Anchor component={Link} to={budgetDetailsPath(b.id)} size="sm">
          {b.name}
        </Anchor>
      ),
    },
    {
      key: 'scope',
      title: 'Covers',
      value: budgetScopeText,
      sortable: true,
      render: (b) =>
        b.scopeType === 'clusters' ? (
          <Tooltip label={b.clusterIds.join(', ')} multiline maw={360}>
            <Text size="sm" tabIndex={0} span>
              {b.clusterIds.length} cluster{b.clusterIds.length === 1 ? '' : 's'}
            </Text>
          </Tooltip>
        ) : (
          budgetScopeText(b)
        ),
    },
    col.usd<Budget>('amount', 'Amount a month', 170),
    {
      key: 'spendToDate',
      title: 'Spend to date',
      align: 'right',
      sortable: true,
      render: (b) => `${formatDollars(b.spendToDate)} (${b.spentPercent}%)`,
    },
    col.usd<Budget>('forecast', 'Forecast', 140),
    { key: 'thresholdPercent', title: 'Alert at', align: 'right', render: (b) => `${b.thresholdPercent}%` },
    {
      key: 'status',
      title: 'Status',
      sortable: true,
      render: (b) => <BudgetStatusBadge status={b.status} />,
    },
    ...(canWrite ? [recordActionsColumn<Budget>((b) => `the budget ${b.name}`, { edit, remove })] : []),
  ]
}

/**
 * /cost/budget (R100, E168): every budget with this month's spend, forecast and status; create,
 * edit and delete (read-only admins only read).
 */
export default function BudgetListPage() {
  useDocumentTitle('Budgets')
  const user = useAppSelector((s) => s.session.user)!
  const canWrite = user.role !== 'readonlyAdmin'
  const list = useBudgetsQuery()
  const tags = useAwsTagsQuery({})
  const [createBudget] = useCreateBudgetMutation()
  const [updateBudget] = useUpdateBudgetMutation()
  const [deleteBudget, deletion] = useDeleteBudgetMutation()
  const { editing, setEditing, deleting, setDeleting, save, confirmDelete } = useRecordEditor({
    create: (input: BudgetInput) => createBudget(input),
    update: (b: Budget, input: BudgetInput) => updateBudget({ id: b.id, ...input }),
    remove: (b: Budget) => deleteBudget({ id: b.id }),
  })
  const budgets = list.data?.budgets ?? []
  const otherNames = budgets.filter((b) => editing === 'new' || b.id !== editing?.id).map((b) => b.name)

  const panel = queryPanel(list, budgets.length === 0)
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={1} size="h3">
            Budgets
          </Title>
          <Text size="sm" c="dimmed">
            Monthly EMR cost budgets (UTC months). At Risk: the forecast to the month end passes the alert
            threshold; Exceeded: this month’s spend is above the amount.
          </Text>
        </div>
        {canWrite && <Button onClick={() => setEditing('new')}>Create budget</Button>}
      </Group>
      {list.data?.errors.map((message) => (
        <Alert key={message} color="yellow" role="status">
          {message}
        </Alert>
      ))}
      <DataTable
        caption="Budgets"
        columns={columns(canWrite, setEditing, setDeleting)}
        rows={budgets}
        rowKey={(b) => String(b.id)}
        loading={list.isFetching}
        emptyText={canWrite ? 'No budgets yet: create one to follow a month’s EMR spend.' : 'No budgets yet.'}
        failure={
          panel.status === 'failed' ? { what: 'Budgets', error: list.error, onRetry: panel.onRetry } : null
        }
        download={{ name: 'emr_budgets', formats: ['csv'] }}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={editing === 'new' ? 'Create budget' : `Edit budget ${editing?.name ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <BudgetForm
            initial={editing === 'new' ? undefined : draftOf(editing)}
            otherNames={otherNames}
            tags={tags.data ?? []}
            submitLabel={editing === 'new' ? 'Create budget' : 'Save budget'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete budget"
        failure={deletion.isError ? deletion.error : undefined}
        deleting={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the budget “{deleting?.name}”? Its history is not kept; this cannot be undone.
      </ConfirmDeleteModal>
    </Stack>
  )
}

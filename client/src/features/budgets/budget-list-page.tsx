import { Link } from 'react-router-dom'
import { Alert, Anchor, Button, Group, Modal, Stack, Text, Title, Tooltip } from '@mantine/core'
import { formatDollars, isActionAllowed, type Budget, type BudgetInput } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { columns as col } from '../../kit/columns.tsx'
import { ConfirmDeleteModal, recordActionsColumn, useRecordEditor } from '../../kit/record-actions.tsx'
import { BudgetStatusBadge } from '../../kit/budget-status-badge.tsx'
import { useAwsTagsQuery } from '../../api/aws-tags-api.ts'
import {
  useBudgetsQuery,
  useCreateBudgetMutation,
  useDeleteBudgetMutation,
  useUpdateBudgetMutation,
} from '../../api/budgets-api.ts'
import { BudgetForm, draftOf } from './budget-form.tsx'
import { useBudgetPlatform, type BudgetPlatformView } from './budget-platform.ts'
import { budgetScopeText } from './budget-scope.ts'

/** The names a budget of a scope lists, and what one of them is called. */
function scopeNames(b: Budget): { names: readonly string[]; one: string } | null {
  if (b.scopeType === 'clusters') return { names: b.clusterIds, one: 'cluster' }
  if (b.scopeType === 'workspaces') return { names: b.workspaces, one: 'workspace' }
  return null
}

function columns(
  view: BudgetPlatformView,
  canWrite: boolean,
  edit: (b: Budget) => void,
  remove: (b: Budget) => void,
): DataColumn<Budget>[] {
  return [
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      // Names like 'All Databricks workspaces' or 'Workspace acme-prod-aws' read whole at 1440 px.
      width: 260,
      sticky: true,
      render: (b) => (
        <Anchor component={Link} to={view.detailsPath(b.id)} size="sm">
          {b.name}
        </Anchor>
      ),
    },
    {
      key: 'scope',
      title: 'Covers',
      width: 240,
      value: budgetScopeText,
      sortable: true,
      render: (b) => {
        const listed = scopeNames(b)
        return listed ? (
          <Tooltip label={listed.names.join(', ')} multiline maw={360}>
            <Text size="sm" tabIndex={0} span>
              {listed.names.length === 1
                ? `${listed.one} ${listed.names[0]}`
                : `${listed.names.length} ${listed.one}s`}
            </Text>
          </Tooltip>
        ) : (
          budgetScopeText(b)
        )
      },
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
 * /cost/budget (R100) and /cost_explorer/budgets (R181), E168: every budget of the user's platform
 * with this month's spend, forecast and status; create, edit and delete (read-only admins only
 * read). The scope part of the form is the platform's: EMR clusters or Databricks workspaces.
 */
export default function BudgetListPage() {
  useDocumentTitle('Budgets')
  const user = useAppSelector((s) => s.session.user)!
  const view = useBudgetPlatform()
  const canWrite = user.role !== 'readonlyAdmin'
  const list = useBudgetsQuery()
  // EMR tags come from the clusters' AWS tags; Databricks', with its workspaces, from the list itself.
  const awsTags = useAwsTagsQuery({}, { skip: view.platform !== 'EMR' })
  const tags = view.platform === 'EMR' ? (awsTags.data ?? []) : (list.data?.choices.tags ?? [])
  const plan = user.plan
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
            {view.intro}
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
        columns={columns(view, canWrite, setEditing, setDeleting)}
        rows={budgets}
        rowKey={(b) => String(b.id)}
        loading={list.isFetching}
        emptyText={canWrite ? view.emptyText : 'No budgets yet.'}
        failure={
          panel.status === 'failed' ? { what: 'Budgets', error: list.error, onRetry: panel.onRetry } : null
        }
        download={
          isActionAllowed(plan, 'download') ? { name: view.downloadName, formats: ['csv'] } : undefined
        }
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
            view={view}
            workspaces={list.data?.choices.workspaces ?? []}
            tagsLocked={!isActionAllowed(plan, 'tagFilter')}
            initial={editing === 'new' ? undefined : draftOf(editing)}
            otherNames={otherNames}
            tags={tags}
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

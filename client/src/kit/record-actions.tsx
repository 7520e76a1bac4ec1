import { useState, type ReactNode } from 'react'
import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import type { ApiError } from '../api/base-query.ts'
import type { DataColumn } from '../components/table/table-types.ts'

/*
 * The pieces every screen of stored records (budgets, AWS accounts, and later autoactions, channels,
 * workspaces) repeats: the row's Edit and Delete buttons, a form's refusal and its footer.
 */

/**
 * The Actions column: Edit and Delete, each named after the row for screen readers ('Delete the
 * budget Q4 ETL'), kept out of sorting, searching and files.
 */
export function recordActionsColumn<R>(
  what: (row: R) => string,
  actions: { edit: (row: R) => void; remove: (row: R) => void },
  width = 110,
): DataColumn<R> {
  return {
    key: 'actions',
    title: 'Actions',
    sortable: false,
    searchable: false,
    exportable: false,
    width,
    render: (row) => (
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" aria-label={`Edit ${what(row)}`} onClick={() => actions.edit(row)}>
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${what(row)}`}
            onClick={() => actions.remove(row)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  }
}

/** Why the server refused a write (its message), or undefined when it did not. */
export const writeRefusal = (answer: { error?: unknown }): string | undefined =>
  'error' in answer && answer.error ? (answer.error as ApiError).message : undefined

/** A record form's end: the server's refusal, if any, then Cancel and the submit button. */
export function FormFooter({
  refusal,
  sending,
  submitLabel,
  onCancel,
}: {
  refusal?: string
  sending: boolean
  submitLabel: string
  onCancel: () => void
}) {
  return (
    <>
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={sending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  )
}

/**
 * The confirmation before a record is deleted: what goes, the server's refusal if the delete
 * failed, then Cancel and Delete.
 */
export function ConfirmDeleteModal({
  opened,
  title,
  children,
  failure,
  deleting,
  onCancel,
  onConfirm,
}: {
  opened: boolean
  title: string
  children: ReactNode
  failure?: unknown
  deleting: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <Modal opened={opened} onClose={onCancel} closeButtonProps={{ 'aria-label': 'Close' }} title={title}>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        {failure !== undefined && failure !== null && (
          <Alert color="red" role="alert">
            {(failure as ApiError).message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/**
 * The state of a screen of stored records around its form and its delete confirmation: which record
 * is being edited ('new' for a create) or deleted, and the writes that close them only once the
 * server took them (a refusal stays on the form, beside its field).
 */
export function useRecordEditor<R, I>(writes: {
  create: (input: I) => Promise<{ error?: unknown }>
  update: (record: R, input: I) => Promise<{ error?: unknown }>
  remove: (record: R) => Promise<{ error?: unknown }>
}) {
  const [editing, setEditing] = useState<R | 'new' | null>(null)
  const [deleting, setDeleting] = useState<R | null>(null)
  /** Sends the form; answers the server's refusal, if any, for the form to show. */
  async function save(input: I) {
    const answer = editing === 'new' ? await writes.create(input) : await writes.update(editing as R, input)
    const refusal = writeRefusal(answer)
    if (!refusal) setEditing(null)
    return refusal
  }
  async function confirmDelete() {
    if (deleting !== null && !writeRefusal(await writes.remove(deleting))) setDeleting(null)
  }
  return { editing, setEditing, deleting, setDeleting, save, confirmDelete }
}

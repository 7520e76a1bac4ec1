import { useState, type FormEvent } from 'react'
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core'
import { IconCopy, IconDeviceFloppy, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react'
import {
  MAX_DASHBOARD_NAME_LENGTH,
  type Dashboard,
  type PanelDefinition,
  type PanelPlacement,
} from '@costlens/shared'
import { ConfirmDeleteModal, FormFooter, writeRefusal } from '../../kit/record-actions.tsx'
import type { DashboardCalls } from './api.ts'
import { addBlocker, addPanel } from './layout.ts'

/** A saved dashboard being edited: its id, and the name and panels the editor holds until Save. */
export interface DashboardDraft {
  id: string
  name: string
  panels: PanelPlacement[]
}

/** The name a copy is offered: "Copy of …", within the length a name may have. */
export const copyName = (name: string) => `Copy of ${name}`.slice(0, MAX_DASHBOARD_NAME_LENGTH)

function CopyModal({
  calls,
  dashboard,
  onClose,
  onCopied,
}: {
  calls: DashboardCalls
  dashboard: Dashboard
  onClose: () => void
  onCopied: (copy: Dashboard) => void
}) {
  const [name, setName] = useState(copyName(dashboard.name))
  const [copy, { isLoading }] = calls.useCopy()
  const [refusal, setRefusal] = useState<string>()
  async function submit(event: FormEvent) {
    event.preventDefault()
    const answer = await copy({ id: dashboard.id, name })
    const problem = writeRefusal(answer)
    if (problem) setRefusal(problem)
    else if (answer.data) onCopied(answer.data)
  }
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Copy ${dashboard.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={(e) => void submit(e)} aria-label="Copy dashboard" noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name of the copy"
            value={name}
            maxLength={MAX_DASHBOARD_NAME_LENGTH}
            required
            data-autofocus
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <FormFooter refusal={refusal} sending={isLoading} submitLabel="Copy" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  )
}

/** Editing: the name, a panel to add from the catalogue, Save and Cancel. */
function EditBar({
  calls,
  catalogue,
  draft,
  onChange,
  onDone,
}: {
  calls: DashboardCalls
  catalogue: readonly PanelDefinition[]
  draft: DashboardDraft
  onChange: (draft: DashboardDraft) => void
  onDone: () => void
}) {
  const [adding, setAdding] = useState<string | null>(null)
  const [update, { isLoading }] = calls.useUpdate()
  const [refusal, setRefusal] = useState<string>()
  const offered = catalogue.filter((p) => !draft.panels.some((on) => on.panelId === p.id))
  const blocker = adding ? addBlocker(draft.panels, adding) : null
  async function save() {
    setRefusal(undefined)
    const problem = writeRefusal(await update({ id: draft.id, name: draft.name, panels: draft.panels }))
    if (problem) setRefusal(problem)
    else onDone()
  }
  function add() {
    const definition = catalogue.find((p) => p.id === adding)
    if (!definition) return
    onChange({ ...draft, panels: addPanel(draft.panels, definition.id, definition.defaultWidth) })
    setAdding(null)
  }
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Dashboard name"
          w={280}
          value={draft.name}
          maxLength={MAX_DASHBOARD_NAME_LENGTH}
          onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
        />
        <Select
          label="Add panel"
          placeholder="Pick a panel"
          w={300}
          searchable
          data={offered.map((p) => ({ value: p.id, label: `${p.title} (${p.visualisation}, ${p.unit})` }))}
          value={adding}
          onChange={setAdding}
          error={blocker}
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={!adding || blocker !== null}
          onClick={add}
        >
          Add
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={14} aria-hidden />}
          loading={isLoading}
          onClick={() => void save()}
        >
          Save
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
    </Stack>
  )
}

/**
 * The dashboard's actions: Copy (any dashboard, to a saved one the user then edits), Edit (saved
 * ones: prebuilt dashboards are read-only, as the server holds) and Delete (the maker's own); while
 * editing, the edit bar.
 */
export function DashboardToolbar({
  calls,
  dashboard,
  catalogue,
  draft,
  onDraft,
  onOpen,
}: {
  calls: DashboardCalls
  dashboard: Dashboard
  catalogue: readonly PanelDefinition[]
  draft: DashboardDraft | null
  onDraft: (draft: DashboardDraft | null) => void
  onOpen: (id: string) => void
}) {
  const [copying, setCopying] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [remove, removal] = calls.useRemove()
  if (draft)
    return (
      <EditBar
        calls={calls}
        catalogue={catalogue}
        draft={draft}
        onChange={onDraft}
        onDone={() => onDraft(null)}
      />
    )
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconCopy size={14} aria-hidden />}
        onClick={() => setCopying(true)}
      >
        Copy
      </Button>
      {dashboard.editable && (
        <Button
          variant="default"
          leftSection={<IconEdit size={14} aria-hidden />}
          onClick={() => onDraft({ id: dashboard.id, name: dashboard.name, panels: [...dashboard.panels] })}
        >
          Edit
        </Button>
      )}
      {dashboard.deletable && (
        <Button
          variant="default"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => setDeleting(true)}
        >
          Delete
        </Button>
      )}
      {copying && (
        <CopyModal
          calls={calls}
          dashboard={dashboard}
          onClose={() => setCopying(false)}
          onCopied={(copy) => {
            setCopying(false)
            onOpen(copy.id)
            onDraft({ id: copy.id, name: copy.name, panels: [...copy.panels] })
          }}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting}
        title="Delete dashboard"
        failure={removal.error}
        deleting={removal.isLoading}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          void remove({ id: dashboard.id }).then((answer) => {
            if (writeRefusal(answer)) return
            setDeleting(false)
            onOpen('cost')
          })
        }
      >
        {`Delete the dashboard ${dashboard.name}? Every user of the platform loses it.`}
      </ConfirmDeleteModal>
    </Group>
  )
}

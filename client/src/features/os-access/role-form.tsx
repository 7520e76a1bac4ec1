import { Checkbox, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core'
import {
  OS_ACCESS_MESSAGES,
  OS_NAME_PATTERN,
  type OsRole,
  type OsRoleInput,
  type OsRoleList,
} from '@costlens/shared'
import { FormFooter } from '../../kit/record-actions.tsx'
import { useRecordForm } from '../../kit/use-record-form.ts'

export interface RoleDraft {
  name: string
  description: string
  permissions: string[]
}

export const EMPTY_ROLE: RoleDraft = { name: '', description: '', permissions: [] }

/** The form's errors: a name of OpenSearch's characters, not another role's (any case). */
export function roleDraftErrors(
  draft: RoleDraft,
  others: readonly string[],
): Partial<Record<keyof RoleDraft, string>> {
  const name = draft.name.trim()
  if (!new RegExp(OS_NAME_PATTERN).test(name)) return { name: OS_ACCESS_MESSAGES.roleName }
  if (others.some((o) => o.toLowerCase() === name.toLowerCase()))
    return { name: OS_ACCESS_MESSAGES.roleTaken(name) }
  return {}
}

export interface RoleFormProps {
  /** The role edited (its name stays); a new one when absent. */
  role?: OsRole
  /** The catalogue of permissions a role grants from, as the server answers it. */
  permissions: OsRoleList['permissions']
  /** The other roles' names. */
  others: readonly string[]
  submitLabel: string
  onSubmit: (input: OsRoleInput) => Promise<string | undefined>
  onCancel: () => void
}

/** A role: its name (fixed once made, as OpenSearch's), a description and the permissions it grants. */
export function RoleForm({ role, permissions, others, submitLabel, onSubmit, onCancel }: RoleFormProps) {
  const { draft, setDraft, errors, refusal, sending, submit } = useRecordForm({
    initial: (): RoleDraft =>
      role
        ? { name: role.name, description: role.description, permissions: [...role.permissions] }
        : EMPTY_ROLE,
    check: (d): Partial<Record<keyof RoleDraft, string>> => (role ? {} : roleDraftErrors(d, others)),
    send: (d) =>
      onSubmit({ name: d.name.trim(), description: d.description.trim(), permissions: d.permissions }),
  })

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={submitLabel} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Role name"
          description="Letters, digits, _ . or -: at most 64"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          error={errors.name}
          maxLength={64}
          disabled={role !== undefined}
          required
          data-autofocus
        />
        <Textarea
          label="Description"
          value={draft.description}
          onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
          maxLength={500}
          rows={2}
        />
        <Checkbox.Group
          label="Permissions"
          value={draft.permissions}
          onChange={(value) => setDraft({ ...draft, permissions: value })}
        >
          <SimpleGrid cols={2} spacing="xs" mt={6}>
            {permissions.map((p) => (
              <Checkbox key={p.id} value={p.id} label={p.label} description={p.id} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <FormFooter refusal={refusal} sending={sending} submitLabel={submitLabel} onCancel={onCancel} />
      </Stack>
    </form>
  )
}

import { Alert, Group, PasswordInput, Radio, Select, Stack, Switch, TextInput } from '@mantine/core'
import {
  DATABRICKS_REGION_MESSAGE,
  INSTANCE_URL_INVALID,
  INSTANCE_URL_TRAILING_SLASH,
  MESSAGES,
  WORKSPACE_SAVE_ERROR,
  validateWorkspaceForm,
  type DatabricksWorkspace,
  type DatabricksWorkspaceInput,
  type WorkspaceForm,
  type WorkspaceFormField,
  type WorkspaceFormMetadata,
} from '@costlens/shared'
import type { ApiError } from '../../api/base-query.ts'
import { FormFooter } from '../../kit/record-actions.tsx'
import { useRecordForm } from '../../kit/use-record-form.ts'

/** The form's values as typed; secrets start empty and are never prefilled. */
export interface WorkspaceDraft {
  cloud: string
  workspaceId: string
  workspaceName: string
  instanceUrl: string
  tier: string
  auth: string
  token: string
  tokenSecretName: string
  identityProvider: string
  tenantId: string
  clientId: string
  clientSecret: string
  clientSecretName: string
  scopes: string
  accountId: string
  region: string
  sqlEnabled: boolean
}

export type WorkspaceDraftErrors = Partial<Record<keyof WorkspaceDraft, string>>

export const EMPTY_WORKSPACE: WorkspaceDraft = {
  cloud: 'AWS',
  workspaceId: '',
  workspaceName: '',
  instanceUrl: '',
  tier: 'PREMIUM',
  auth: 'token',
  token: '',
  tokenSecretName: '',
  identityProvider: 'DATABRICKS',
  tenantId: '',
  clientId: '',
  clientSecret: '',
  clientSecretName: '',
  scopes: '',
  accountId: '',
  region: '',
  sqlEnabled: true,
}

/** A stored workspace's fields: its token and client secret are never sent back, so they start empty. */
export function draftOfWorkspace(workspace: DatabricksWorkspace): WorkspaceDraft {
  const m = workspace.metadata
  if (!m)
    return { ...EMPTY_WORKSPACE, workspaceId: workspace.workspaceId, workspaceName: workspace.workspaceName }
  return {
    ...EMPTY_WORKSPACE,
    cloud: m.cloud,
    workspaceId: workspace.workspaceId,
    workspaceName: workspace.workspaceName,
    instanceUrl: m.instanceUrl,
    tier: m.tier,
    auth: m.auth,
    tokenSecretName: m.tokenSecretName ?? '',
    identityProvider: m.identityProvider ?? 'DATABRICKS',
    tenantId: m.tenantId ?? '',
    clientId: m.clientId ?? '',
    clientSecretName: m.clientSecretName ?? '',
    scopes: m.scopes ?? '',
    accountId: m.accountId ?? '',
    region: m.region,
    sqlEnabled: m.sqlEnabled,
  }
}

/** Whether the workspace being edited keeps a token or client secret given before (never shown). */
export interface StoredSecrets {
  token: boolean
  clientSecret: boolean
}

export function storedSecretsOf(workspace?: DatabricksWorkspace): StoredSecrets {
  const m = workspace?.metadata
  return {
    token: m?.auth === 'token' && m.tokenSet,
    clientSecret: m?.auth === 'oauth' && m.clientSecretSet,
  }
}

/**
 * The form's own check before sending: B197-B200 (validateWorkspaceForm) against the workspaces
 * listed, the one edited excepted; a secret given before counts as given while its field stays empty.
 */
export function workspaceDraftErrors(
  draft: WorkspaceDraft,
  existing: readonly DatabricksWorkspace[],
  editingId?: string,
  stored: StoredSecrets = { token: false, clientSecret: false },
): WorkspaceDraftErrors {
  const form: WorkspaceForm = {
    ...draft,
    auth: draft.auth === 'oauth' ? 'oauth' : 'token',
    token: draft.token || (stored.token && draft.auth === 'token' ? 'kept' : ''),
    clientSecret: draft.clientSecret || (stored.clientSecret && draft.auth === 'oauth' ? 'kept' : ''),
  }
  return validateWorkspaceForm(form, existing, editingId)
}

/** What is sent: the chosen sign-in's fields only; an empty secret is left out (a modify keeps the stored one). */
export function workspaceInputOf(draft: WorkspaceDraft, editingId?: string): DatabricksWorkspaceInput {
  const token = draft.auth !== 'oauth'
  const some = (value: string) => (value.trim() ? value.trim() : undefined)
  const input: DatabricksWorkspaceInput = {
    ...(editingId !== undefined && { existingWorkspaceId: editingId }),
    workspaceId: draft.workspaceId.trim(),
    workspaceName: draft.workspaceName.trim(),
    instanceUrl: draft.instanceUrl.trim(),
    cloud: draft.cloud as DatabricksWorkspaceInput['cloud'],
    tier: draft.tier as DatabricksWorkspaceInput['tier'],
    region: draft.region,
    auth: token ? 'token' : 'oauth',
    accountId: draft.accountId.trim(),
    sqlEnabled: draft.sqlEnabled,
  }
  const optional: Partial<DatabricksWorkspaceInput> = token
    ? { token: draft.token || undefined, tokenSecretName: some(draft.tokenSecretName) }
    : {
        identityProvider: draft.identityProvider as DatabricksWorkspaceInput['identityProvider'],
        tenantId: some(draft.tenantId),
        clientId: some(draft.clientId),
        clientSecret: draft.clientSecret || undefined,
        clientSecretName: some(draft.clientSecretName),
        scopes: some(draft.scopes),
      }
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) (input as unknown as Record<string, unknown>)[key] = value
  return input
}

/** The field a server refusal belongs under (02 §8 messages); undefined: the form's alert. */
export function fieldOfRefusal(message: string): keyof WorkspaceDraft | undefined {
  const byMessage: Record<string, keyof WorkspaceDraft> = {
    [MESSAGES.M045]: 'workspaceId',
    [MESSAGES.M046]: 'workspaceId',
    [MESSAGES.M047]: 'workspaceName',
    [MESSAGES.M048]: 'workspaceName',
    [MESSAGES.M049]: 'instanceUrl',
    [INSTANCE_URL_TRAILING_SLASH]: 'instanceUrl',
    [INSTANCE_URL_INVALID]: 'instanceUrl',
    [MESSAGES.M050]: 'token',
    [DATABRICKS_REGION_MESSAGE]: 'region',
  }
  return byMessage[message]
}

/** What a failed save says: the server's refusal (400), or B201's message on anything unexpected. */
export function saveFailureText(error: unknown): string {
  const e = error as ApiError | undefined
  if (e?.status === 400 || e?.status === 404) return e.serverMessage ?? e.message
  return WORKSPACE_SAVE_ERROR
}

/**
 * The fields of the chosen cloud in the metadata's order, the cloud's own (its region) right after the
 * tier, where a user looks for where the workspace runs (at the end when the metadata has no tier).
 */
export function visibleFields(metadata: WorkspaceFormMetadata, draft: WorkspaceDraft): WorkspaceFormField[] {
  const cloudFields = draft.cloud === 'AZURE' ? metadata.azure : metadata.aws
  const tier = metadata.coreFields.findIndex((f) => f.name === 'tier')
  const at = tier < 0 ? metadata.coreFields.length : tier + 1
  const ordered = [...metadata.coreFields.slice(0, at), ...cloudFields, ...metadata.coreFields.slice(at)]
  return ordered.filter(
    (f) => !f.showWhen || String(draft[f.showWhen.field as keyof WorkspaceDraft]) === f.showWhen.equals,
  )
}

export interface WorkspaceFormProps {
  metadata: WorkspaceFormMetadata
  existing: readonly DatabricksWorkspace[]
  /** The workspace being edited; absent when adding one. */
  workspace?: DatabricksWorkspace
  submitLabel: string
  /** Sends the input; answers the failure (an ApiError) or undefined when saved. */
  onSubmit: (input: DatabricksWorkspaceInput) => Promise<unknown>
  onCancel: () => void
}

/** Adds or edits a Databricks workspace (02 §3, §5), its fields drawn from the form metadata (E139). */
export function WorkspaceFormView({
  metadata,
  existing,
  workspace,
  submitLabel,
  onSubmit,
  onCancel,
}: WorkspaceFormProps) {
  const stored = storedSecretsOf(workspace)
  const editingId = workspace?.workspaceId
  const { draft, setDraft, errors, refusal, sending, submit } = useRecordForm({
    initial: (): WorkspaceDraft => (workspace ? draftOfWorkspace(workspace) : EMPTY_WORKSPACE),
    check: (d): WorkspaceDraftErrors => workspaceDraftErrors(d, existing, editingId, stored),
    send: async (d) => {
      const failure = await onSubmit(workspaceInputOf(d, editingId))
      return failure ? saveFailureText(failure) : undefined
    },
    fieldOfRefusal,
  })

  const set = (field: keyof WorkspaceDraft, value: string | boolean) =>
    setDraft((d) => ({
      ...d,
      [field]: value,
      // Another cloud has other regions: the one picked no longer applies.
      ...(field === 'cloud' && value !== d.cloud && { region: '' }),
    }))

  const fields = visibleFields(metadata, draft)
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={submitLabel} noValidate>
      <Stack gap="sm">
        {fields.length === 0 && (
          <Alert color="yellow">The workspace form could not be loaded. Please try again later.</Alert>
        )}
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            draft={draft}
            error={errors[field.name as keyof WorkspaceDraft]}
            storedSecret={
              field.name === 'token' ? stored.token : field.name === 'clientSecret' && stored.clientSecret
            }
            onChange={(value) => set(field.name as keyof WorkspaceDraft, value)}
          />
        ))}
        <FormFooter refusal={refusal} sending={sending} submitLabel={submitLabel} onCancel={onCancel} />
      </Stack>
    </form>
  )
}

/** One field as its metadata says: text, URL, password (never prefilled), select, radio or switch. */
function FieldInput({
  field,
  draft,
  error,
  storedSecret,
  onChange,
}: {
  field: WorkspaceFormField
  draft: WorkspaceDraft
  error?: string
  storedSecret: boolean
  onChange: (value: string | boolean) => void
}) {
  const value = draft[field.name as keyof WorkspaceDraft]
  const common = {
    label: field.label,
    description: field.description,
    error,
    required: field.required,
  }
  switch (field.type) {
    case 'switch':
      return (
        <Switch
          label={field.label}
          description={field.description}
          checked={Boolean(value)}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      )
    case 'radio':
      return (
        <Radio.Group {...common} value={String(value)} onChange={onChange}>
          <Group gap="md" mt={4}>
            {field.options?.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Radio.Group>
      )
    case 'select':
      return (
        <Select
          {...common}
          data={field.options ?? []}
          value={String(value) || null}
          onChange={(v) => onChange(v ?? '')}
          searchable
          allowDeselect={false}
          placeholder={field.placeholder ?? 'Choose'}
        />
      )
    case 'password':
      return (
        <PasswordInput
          {...common}
          description={
            storedSecret ? 'One is stored (never shown): leave empty to keep it' : field.description
          }
          placeholder={storedSecret ? 'Stored (never shown)' : field.placeholder}
          value={String(value)}
          maxLength={512}
          onChange={(e) => onChange(e.currentTarget.value)}
          autoComplete="new-password"
        />
      )
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'url' ? 'url' : 'text'}
          placeholder={field.placeholder}
          value={String(value)}
          maxLength={field.type === 'url' ? 255 : field.name === 'workspaceId' ? 32 : 100}
          onChange={(e) => onChange(e.currentTarget.value)}
          autoComplete="off"
        />
      )
  }
}

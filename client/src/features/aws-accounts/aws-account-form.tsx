import { FormFooter } from '../../kit/record-actions.tsx'
import { useRecordForm } from '../../kit/use-record-form.ts'
import { Group, PasswordInput, Radio, Select, Stack, TextInput } from '@mantine/core'
import {
  AWS_ACCOUNT_MESSAGES,
  AWS_ACCOUNT_PATTERNS,
  AWS_REGIONS,
  formatMessage,
  type AwsAccount,
  type AwsAccountInput,
  type AwsAuthType,
} from '@costlens/shared'

/** The form's fields as typed. */
export interface AwsAccountDraft {
  accountId: string
  alias: string
  region: string
  authType: AwsAuthType
  roleArn: string
  accessKeyId: string
  secretAccessKey: string
}

type Field = keyof AwsAccountDraft
export type AwsAccountDraftErrors = Partial<Record<Field, string>>

export const EMPTY_AWS_ACCOUNT: AwsAccountDraft = {
  accountId: '',
  alias: '',
  region: 'us-east-1',
  authType: 'role',
  roleArn: '',
  accessKeyId: '',
  secretAccessKey: '',
}

/** A stored account's fields: its key and secret are never sent back, so they start empty. */
export function draftOfAccount(account: AwsAccount): AwsAccountDraft {
  const { accountId, alias, region, authType } = account
  return { ...EMPTY_AWS_ACCOUNT, accountId, alias, region, authType, roleArn: account.roleArn ?? '' }
}

const matches = (pattern: string, value: string) => new RegExp(pattern).test(value)

/**
 * What the form says before sending (the server checks the same, with the same words). `storedKey`:
 * the account being edited already has an access key, so leaving both key fields empty keeps it.
 */
export function awsAccountDraftErrors(draft: AwsAccountDraft, storedKey = false): AwsAccountDraftErrors {
  const errors: AwsAccountDraftErrors = {}
  const required = (field: Field, name: string) => {
    if (!draft[field].trim()) errors[field] = formatMessage('M072', { item_name: name })
    return Boolean(draft[field].trim())
  }
  if (
    required('accountId', 'The AWS account id') &&
    !matches(AWS_ACCOUNT_PATTERNS.accountId, draft.accountId)
  )
    errors.accountId = AWS_ACCOUNT_MESSAGES.accountId
  if (required('alias', 'An alias') && draft.alias.trim().length > 64)
    errors.alias = AWS_ACCOUNT_MESSAGES.alias
  if (!(AWS_REGIONS as readonly string[]).includes(draft.region)) errors.region = AWS_ACCOUNT_MESSAGES.region
  if (draft.authType === 'role') {
    if (required('roleArn', 'The role ARN') && !matches(AWS_ACCOUNT_PATTERNS.roleArn, draft.roleArn))
      errors.roleArn = AWS_ACCOUNT_MESSAGES.roleArn
    return errors
  }
  const keepStored = storedKey && !draft.accessKeyId && !draft.secretAccessKey
  if (keepStored) return errors
  if (
    required('accessKeyId', 'The access key id') &&
    !matches(AWS_ACCOUNT_PATTERNS.accessKeyId, draft.accessKeyId)
  )
    errors.accessKeyId = AWS_ACCOUNT_MESSAGES.accessKeyId
  if (
    required('secretAccessKey', 'The secret access key') &&
    !matches(AWS_ACCOUNT_PATTERNS.secretAccessKey, draft.secretAccessKey)
  )
    errors.secretAccessKey = AWS_ACCOUNT_MESSAGES.secretAccessKey
  return errors
}

/** What is sent: only the fields of the chosen sign-in, and no empty key fields (they keep the stored key). */
export function awsAccountInputOf(draft: AwsAccountDraft): AwsAccountInput {
  return {
    accountId: draft.accountId.trim(),
    alias: draft.alias.trim(),
    region: draft.region as AwsAccountInput['region'],
    authType: draft.authType,
    ...(draft.authType === 'role' && { roleArn: draft.roleArn.trim() }),
    ...(draft.authType === 'accessKey' && draft.accessKeyId && { accessKeyId: draft.accessKeyId.trim() }),
    ...(draft.authType === 'accessKey' &&
      draft.secretAccessKey && { secretAccessKey: draft.secretAccessKey }),
  }
}

export interface AwsAccountFormProps {
  /** The account being edited; absent when adding one. */
  account?: AwsAccount
  submitLabel: string
  onSubmit: (input: AwsAccountInput) => Promise<string | undefined>
  onCancel: () => void
}

/** Adds or edits an AWS account: id, alias, region, and a role ARN or an access key. */
export function AwsAccountForm({ account, submitLabel, onSubmit, onCancel }: AwsAccountFormProps) {
  const storedKey = account?.authType === 'accessKey' && account.secretConfigured
  const form = useRecordForm({
    initial: (): AwsAccountDraft => (account ? draftOfAccount(account) : EMPTY_AWS_ACCOUNT),
    check: (d): AwsAccountDraftErrors => awsAccountDraftErrors(d, storedKey),
    send: (d) => onSubmit(awsAccountInputOf(d)),
    fieldOfRefusal: (problem) => (problem === AWS_ACCOUNT_MESSAGES.duplicate ? 'accountId' : undefined),
  })
  const { draft, errors, refusal, sending, submit } = form
  const set = (field: Field) => (value: string) => form.set(field, value)

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={submitLabel} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label="AWS account id"
            placeholder="123456789012"
            inputMode="numeric"
            maxLength={12}
            value={draft.accountId}
            onChange={(e) => set('accountId')(e.currentTarget.value)}
            error={errors.accountId}
            required
            data-autofocus
          />
          <TextInput
            label="Alias"
            placeholder="analytics-prod"
            maxLength={64}
            value={draft.alias}
            onChange={(e) => set('alias')(e.currentTarget.value)}
            error={errors.alias}
            required
          />
        </Group>
        <Select
          label="Region"
          data={[...AWS_REGIONS]}
          value={draft.region}
          onChange={(v) => set('region')(v ?? '')}
          searchable
          allowDeselect={false}
          error={errors.region}
          required
        />
        <Radio.Group label="Sign in with" value={draft.authType} onChange={set('authType')}>
          <Group gap="md" mt={4}>
            <Radio value="role" label="An IAM role (recommended)" />
            <Radio value="accessKey" label="An access key" />
          </Group>
        </Radio.Group>
        {draft.authType === 'role' ? (
          <TextInput
            label="Role ARN"
            placeholder="arn:aws:iam::123456789012:role/costlens-reader"
            value={draft.roleArn}
            onChange={(e) => set('roleArn')(e.currentTarget.value)}
            error={errors.roleArn}
            required
          />
        ) : (
          <Group grow align="flex-start">
            <TextInput
              label="Access key id"
              placeholder={storedKey ? `Stored key …${account?.accessKeyIdLast4 ?? ''}` : 'AKIA…'}
              description={storedKey ? 'Leave both empty to keep the stored key' : undefined}
              maxLength={20}
              value={draft.accessKeyId}
              onChange={(e) => set('accessKeyId')(e.currentTarget.value)}
              error={errors.accessKeyId}
              autoComplete="off"
            />
            <PasswordInput
              label="Secret access key"
              placeholder={storedKey ? 'Stored (never shown)' : undefined}
              description="Stored for the collector; never shown again"
              maxLength={40}
              value={draft.secretAccessKey}
              onChange={(e) => set('secretAccessKey')(e.currentTarget.value)}
              error={errors.secretAccessKey}
              autoComplete="new-password"
            />
          </Group>
        )}
        <FormFooter refusal={refusal} sending={sending} submitLabel={submitLabel} onCancel={onCancel} />
      </Stack>
    </form>
  )
}

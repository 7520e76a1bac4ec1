import {
  ActionIcon,
  Button,
  Group,
  Input,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import {
  CHANNEL_NAME_MESSAGES,
  CHANNEL_TARGET_MESSAGES,
  CHANNEL_TYPE_LABELS,
  CHANNEL_TYPES,
  MAX_CHANNEL_NAME_LENGTH,
  MAX_EMAIL_LIST_LENGTH,
  MAX_HEADER_NAME_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_WEBHOOK_HEADERS,
  MAX_WEBHOOK_URL_LENGTH,
  MESSAGES,
  channelNameProblem,
  channelTargetProblems,
  type ChannelTargetField,
  type ChannelType,
  type NotificationChannel,
  type NotificationChannelInput,
  type WebhookHeader,
} from '@costlens/shared'
import { FormFooter } from '../../kit/record-actions.tsx'
import { useRecordForm } from '../../kit/use-record-form.ts'

/** The form's fields: every kind's, so switching the type back and forth loses nothing typed. */
export interface ChannelDraft {
  name: string
  type: ChannelType
  emails: string
  url: string
  headers: WebhookHeader[]
  /** Editing a webhook: its stored headers are replaced by `headers` only once this is on. */
  replaceHeaders: boolean
  routingKey: string
}

export type ChannelDraftErrors = Partial<Record<'name' | ChannelTargetField, string>>

export const EMPTY_CHANNEL: ChannelDraft = {
  name: '',
  type: 'email',
  emails: '',
  url: '',
  headers: [],
  replaceHeaders: true,
  routingKey: '',
}

/** The form's fields for a stored channel: its secrets are never sent back, so they start empty. */
export function draftOf(channel: NotificationChannel): ChannelDraft {
  return {
    ...EMPTY_CHANNEL,
    name: channel.name,
    type: channel.type,
    emails: channel.emails.join(', '),
    replaceHeaders: channel.type !== 'webhook' || channel.headerNames.length === 0,
  }
}

/** The secrets the stored channel keeps when the draft leaves them empty (same type only). */
function keptSecrets(draft: ChannelDraft, stored?: NotificationChannel): ChannelTargetField[] {
  if (!stored || stored.type !== draft.type) return []
  return [
    ...(stored.urlHost !== null && !draft.url.trim() ? (['url'] as const) : []),
    ...(stored.routingKeyHint !== null && !draft.routingKey.trim() ? (['routingKey'] as const) : []),
  ]
}

/** Header rows left wholly blank are no header. */
const filledHeaders = (headers: readonly WebhookHeader[]) =>
  headers.filter((h) => h.name.trim() !== '' || h.value !== '')

/** What is sent for a checked draft: its type's fields only, and no secret that is kept. */
export function channelInputOf(draft: ChannelDraft, stored?: NotificationChannel): NotificationChannelInput {
  const kept = keptSecrets(draft, stored)
  const base = { name: draft.name.trim(), type: draft.type }
  switch (draft.type) {
    case 'email':
      return { ...base, emails: draft.emails.trim() }
    case 'slack':
      return { ...base, ...(!kept.includes('url') && { url: draft.url.trim() }) }
    case 'webhook':
      return {
        ...base,
        ...(!kept.includes('url') && { url: draft.url.trim() }),
        ...((draft.replaceHeaders || stored?.type !== 'webhook') && {
          headers: filledHeaders(draft.headers).map((h) => ({ name: h.name.trim(), value: h.value })),
        }),
      }
    case 'pagerduty':
      return { ...base, ...(!kept.includes('routingKey') && { routingKey: draft.routingKey.trim() }) }
  }
}

/**
 * The form's errors by field (empty when it may be sent), with the messages the server gives for
 * the same input (03 §8: 'Please enter an email address.', 'Invalid email address/addresses.',
 * 'Invalid webhook URL.'). A taken name is the server's to say: it alone sees every channel.
 */
export function channelDraftErrors(draft: ChannelDraft, stored?: NotificationChannel): ChannelDraftErrors {
  const input = channelInputOf(draft, stored)
  const errors: ChannelDraftErrors = channelTargetProblems(input, keptSecrets(draft, stored))
  const name = channelNameProblem(draft.name, [])
  if (name) errors.name = name
  return errors
}

/** The field a refusal of the server is about, when it is one of the form's own messages. */
function fieldOfRefusal(message: string): keyof ChannelDraftErrors | undefined {
  if (
    message === MESSAGES.M073 ||
    message === MESSAGES.M074 ||
    message === CHANNEL_TARGET_MESSAGES.tooManyEmails
  )
    return 'emails'
  if (message === MESSAGES.M075) return 'url'
  if (
    message === CHANNEL_TARGET_MESSAGES.noPagerDutyKey ||
    message === CHANNEL_TARGET_MESSAGES.badPagerDutyKey
  )
    return 'routingKey'
  if (message === CHANNEL_NAME_MESSAGES.taken) return 'name'
  return /header/i.test(message) ? 'headers' : undefined
}

export interface ChannelFormProps {
  /** The channel edited; a new one when absent. */
  stored?: NotificationChannel
  submitLabel: string
  /** Sends the channel; answers the server's refusal, if any. */
  onSubmit: (input: NotificationChannelInput) => Promise<string | undefined>
  onCancel: () => void
}

const STORED_SECRET = 'One is stored (never shown): leave empty to keep it'

/**
 * The channel form (03 §2 Notification channels): a name, the kind, and where it sends: e-mail
 * addresses, a Slack incoming webhook, any webhook with optional headers, or a PagerDuty
 * integration key. Checked here with the server's rules and messages before sending; a refusal of
 * the server shows under the field it is about.
 */
export function ChannelForm({ stored, submitLabel, onSubmit, onCancel }: ChannelFormProps) {
  const { draft, set, setDraft, errors, refusal, sending, submit } = useRecordForm({
    initial: () => (stored ? draftOf(stored) : EMPTY_CHANNEL),
    check: (d: ChannelDraft): ChannelDraftErrors => channelDraftErrors(d, stored),
    send: (d) => onSubmit(channelInputOf(d, stored)),
    fieldOfRefusal,
  })
  const storedHere = stored?.type === draft.type ? stored : undefined
  const setHeader = (index: number, change: Partial<WebhookHeader>) =>
    set(
      'headers',
      draft.headers.map((h, i) => (i === index ? { ...h, ...change } : h)),
    )

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={submitLabel} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Channel name"
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={MAX_CHANNEL_NAME_LENGTH}
          required
          data-autofocus
        />
        <Radio.Group label="Type" value={draft.type} onChange={(v) => set('type', v as ChannelType)}>
          <Group gap="md" mt={4}>
            {CHANNEL_TYPES.map((type) => (
              <Radio key={type} value={type} label={CHANNEL_TYPE_LABELS[type]} />
            ))}
          </Group>
        </Radio.Group>
        {draft.type === 'email' && (
          <Textarea
            label="E-mail addresses"
            description="One or more, comma-separated (at most 20)"
            placeholder="finops@example.com, oncall@example.com"
            rows={2}
            maxLength={MAX_EMAIL_LIST_LENGTH}
            value={draft.emails}
            onChange={(e) => set('emails', e.currentTarget.value)}
            error={errors.emails}
            required
          />
        )}
        {(draft.type === 'slack' || draft.type === 'webhook') && (
          <TextInput
            label={draft.type === 'slack' ? 'Slack webhook URL' : 'Webhook URL'}
            description={
              storedHere?.urlHost
                ? `${STORED_SECRET} (it posts to ${storedHere.urlHost})`
                : draft.type === 'slack'
                  ? 'The incoming webhook Slack gave you: https://hooks.slack.com/services/…'
                  : 'An http(s) address with no user name or password in it: send credentials as a header'
            }
            placeholder={draft.type === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://…'}
            maxLength={MAX_WEBHOOK_URL_LENGTH}
            value={draft.url}
            onChange={(e) => set('url', e.currentTarget.value)}
            error={errors.url}
            required={!storedHere?.urlHost}
          />
        )}
        {draft.type === 'webhook' && (
          <HeadersEditor
            draft={draft}
            storedNames={storedHere?.headerNames ?? []}
            error={errors.headers}
            onReplace={() => setDraft((d) => ({ ...d, replaceHeaders: true, headers: [] }))}
            onAdd={() => set('headers', [...draft.headers, { name: '', value: '' }])}
            onChange={setHeader}
            onRemove={(index) =>
              set(
                'headers',
                draft.headers.filter((_, i) => i !== index),
              )
            }
          />
        )}
        {draft.type === 'pagerduty' && (
          <PasswordInput
            label="Integration key"
            description={
              storedHere?.routingKeyHint
                ? `${STORED_SECRET} (${storedHere.routingKeyHint})`
                : 'The 32-character key of the service’s Events API v2 integration'
            }
            maxLength={40}
            value={draft.routingKey}
            onChange={(e) => set('routingKey', e.currentTarget.value)}
            error={errors.routingKey}
            required={!storedHere?.routingKeyHint}
            autoComplete="off"
          />
        )}
        <FormFooter refusal={refusal} sending={sending} submitLabel={submitLabel} onCancel={onCancel} />
      </Stack>
    </form>
  )
}

/** A webhook's headers: rows of name and value; an edit keeps the stored ones until replaced. */
function HeadersEditor({
  draft,
  storedNames,
  error,
  onReplace,
  onAdd,
  onChange,
  onRemove,
}: {
  draft: ChannelDraft
  storedNames: readonly string[]
  error?: string
  onReplace: () => void
  onAdd: () => void
  onChange: (index: number, change: Partial<WebhookHeader>) => void
  onRemove: (index: number) => void
}) {
  if (storedNames.length > 0 && !draft.replaceHeaders)
    return (
      <Input.Wrapper label="Headers" error={error}>
        <Group gap="sm" mt={4}>
          <Text size="sm">Sends {storedNames.join(', ')} (values never shown).</Text>
          <Button variant="subtle" size="compact-sm" onClick={onReplace}>
            Replace headers
          </Button>
        </Group>
      </Input.Wrapper>
    )
  return (
    <Input.Wrapper
      label="Headers"
      description={`Optional, at most ${MAX_WEBHOOK_HEADERS}: an API key, a tenant`}
      error={error}
    >
      <Stack gap={6} mt={4}>
        {draft.headers.map((header, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`Header ${index + 1} name`}
              placeholder="X-Api-Key"
              maxLength={MAX_HEADER_NAME_LENGTH}
              value={header.name}
              onChange={(e) => onChange(index, { name: e.currentTarget.value })}
              w={200}
            />
            <TextInput
              aria-label={`Header ${index + 1} value`}
              placeholder="Value"
              maxLength={MAX_HEADER_VALUE_LENGTH}
              value={header.value}
              onChange={(e) => onChange(index, { value: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove header ${index + 1}`}
              onClick={() => onRemove(index)}
              mt={4}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {draft.headers.length < MAX_WEBHOOK_HEADERS && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={onAdd}>
              Add header
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  )
}

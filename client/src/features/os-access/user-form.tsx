import {
  ActionIcon,
  Button,
  Group,
  Input,
  MultiSelect,
  PasswordInput,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import {
  MAX_OS_ATTRIBUTES,
  MAX_OS_ATTRIBUTE_VALUE_LENGTH,
  MAX_OS_BACKEND_ROLES,
  MAX_OS_PASSWORD_LENGTH,
  MAX_OS_USER_ROLES,
  MIN_OS_PASSWORD_LENGTH,
  OS_ACCESS_MESSAGES,
  OS_NAME_PATTERN,
  type OsUser,
  type OsUserAttribute,
  type OsUserInput,
  type OsUserUpdate,
} from '@costlens/shared'
import { FormFooter } from '../../kit/record-actions.tsx'
import { useRecordForm } from '../../kit/use-record-form.ts'

export interface UserDraft {
  username: string
  password: string
  roles: string[]
  backendRoles: string[]
  attributes: OsUserAttribute[]
}

export const EMPTY_USER: UserDraft = {
  username: '',
  password: '',
  roles: [],
  backendRoles: [],
  attributes: [],
}

type UserDraftErrors = Partial<Record<keyof UserDraft, string>>

const NAME = new RegExp(OS_NAME_PATTERN)
const PASSWORD_LENGTH = `A password is ${MIN_OS_PASSWORD_LENGTH} to ${MAX_OS_PASSWORD_LENGTH} characters.`
const BACKEND_ROLE = 'A backend role is 1 to 64 letters, digits, _ . or - characters.'
const ATTRIBUTE_KEY = 'An attribute key is 1 to 64 letters, digits, _ . or - characters.'

/**
 * The form's errors, with the server's words where it has them: a username of OpenSearch's
 * characters and not another user's, a password of 8-128 characters (required for a new user),
 * backend roles and attribute keys of the same characters, attribute keys once each.
 */
export function userDraftErrors(
  draft: UserDraft,
  others: readonly string[],
  editing: boolean,
): UserDraftErrors {
  const errors: UserDraftErrors = {}
  const username = draft.username.trim()
  if (!editing) {
    if (!NAME.test(username)) errors.username = OS_ACCESS_MESSAGES.username
    else if (others.some((o) => o.toLowerCase() === username.toLowerCase()))
      errors.username = OS_ACCESS_MESSAGES.userTaken(username)
  }
  if (
    (!editing || draft.password !== '') &&
    (draft.password.length < MIN_OS_PASSWORD_LENGTH || draft.password.length > MAX_OS_PASSWORD_LENGTH)
  )
    errors.password = PASSWORD_LENGTH
  if (draft.backendRoles.some((r) => !NAME.test(r))) errors.backendRoles = BACKEND_ROLE
  const keys = draft.attributes.map((a) => a.key.trim())
  const repeated = keys.find((k, i) => keys.indexOf(k) !== i)
  if (keys.some((k) => !NAME.test(k))) errors.attributes = ATTRIBUTE_KEY
  else if (repeated !== undefined) errors.attributes = OS_ACCESS_MESSAGES.repeatedAttribute(repeated)
  return errors
}

/** What the form sends: the user as a create takes it (an edit leaves the password empty to keep it). */
export function userInputOf(draft: UserDraft): OsUserInput {
  return {
    username: draft.username.trim(),
    password: draft.password,
    roles: draft.roles,
    backendRoles: draft.backendRoles,
    attributes: draft.attributes.map((a) => ({ key: a.key.trim(), value: a.value.trim() })),
  }
}

/** An edit of a user: its mapping, and a password only when one was typed. */
export function userUpdateOf({ password, roles, backendRoles, attributes }: OsUserInput): OsUserUpdate {
  return { roles, backendRoles, attributes, ...(password !== '' && { password }) }
}

export interface UserFormProps {
  user?: OsUser
  /** The roles a user can be mapped to. */
  roleNames: readonly string[]
  /** The other users' names. */
  others: readonly string[]
  submitLabel: string
  onSubmit: (input: OsUserInput) => Promise<string | undefined>
  onCancel: () => void
}

/**
 * An OpenSearch internal user: its username (fixed once made), password (written, never shown), the
 * roles it is mapped to, its backend roles and attributes.
 */
export function UserForm({ user, roleNames, others, submitLabel, onSubmit, onCancel }: UserFormProps) {
  const editing = user !== undefined
  const { draft, set, errors, refusal, sending, submit } = useRecordForm({
    initial: (): UserDraft =>
      user
        ? {
            username: user.username,
            password: '',
            roles: [...user.roles],
            backendRoles: [...user.backendRoles],
            attributes: user.attributes.map((a) => ({ ...a })),
          }
        : EMPTY_USER,
    check: (d): UserDraftErrors => userDraftErrors(d, others, editing),
    send: (d) => onSubmit(userInputOf(d)),
  })
  const setAttribute = (index: number, change: Partial<OsUserAttribute>) =>
    set(
      'attributes',
      draft.attributes.map((a, i) => (i === index ? { ...a, ...change } : a)),
    )

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={submitLabel} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Username"
          description="Letters, digits, _ . or -: at most 64"
          value={draft.username}
          onChange={(e) => set('username', e.currentTarget.value)}
          error={errors.username}
          maxLength={64}
          disabled={editing}
          required
          data-autofocus
        />
        <PasswordInput
          label="Password"
          description={
            editing ? 'Leave empty to keep the current one' : `${MIN_OS_PASSWORD_LENGTH} characters or more`
          }
          value={draft.password}
          onChange={(e) => set('password', e.currentTarget.value)}
          error={errors.password}
          maxLength={MAX_OS_PASSWORD_LENGTH}
          required={!editing}
          autoComplete="new-password"
        />
        <MultiSelect
          label="Roles"
          description="What the user may do"
          data={[...roleNames]}
          value={draft.roles}
          onChange={(roles) => set('roles', roles)}
          maxValues={MAX_OS_USER_ROLES}
          searchable
          nothingFoundMessage="No role by that name"
        />
        <TagsInput
          label="Backend roles"
          description="Roles your identity provider gives, which role mappings can name (Enter to add)"
          value={draft.backendRoles}
          onChange={(roles) => set('backendRoles', roles)}
          maxTags={MAX_OS_BACKEND_ROLES}
          error={errors.backendRoles}
        />
        <Input.Wrapper
          label="Attributes"
          description={`Optional, at most ${MAX_OS_ATTRIBUTES}: read by document-level security`}
          error={errors.attributes}
        >
          <Stack gap={6} mt={4}>
            {draft.attributes.map((attribute, index) => (
              <Group key={index} gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={`Attribute ${index + 1} key`}
                  placeholder="team"
                  maxLength={64}
                  value={attribute.key}
                  onChange={(e) => setAttribute(index, { key: e.currentTarget.value })}
                  w={180}
                />
                <TextInput
                  aria-label={`Attribute ${index + 1} value`}
                  placeholder="Value"
                  maxLength={MAX_OS_ATTRIBUTE_VALUE_LENGTH}
                  value={attribute.value}
                  onChange={(e) => setAttribute(index, { value: e.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove attribute ${index + 1}`}
                  onClick={() =>
                    set(
                      'attributes',
                      draft.attributes.filter((_, i) => i !== index),
                    )
                  }
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {draft.attributes.length < MAX_OS_ATTRIBUTES && (
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => set('attributes', [...draft.attributes, { key: '', value: '' }])}
                >
                  Add attribute
                </Button>
              </Group>
            )}
          </Stack>
        </Input.Wrapper>
        <FormFooter refusal={refusal} sending={sending} submitLabel={submitLabel} onCancel={onCancel} />
      </Stack>
    </form>
  )
}

import { useState, type FormEvent } from 'react'
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconX } from '@tabler/icons-react'
import type { AppTags } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { useDetailsTagsQuery, useDetailsSetTagsMutation } from './actions-api.ts'
import { serverWords } from './actions-notices.ts'

interface TagPair {
  key: string
  value: string
}

/** key → values as the pairs the write takes, in the order GET /apps/{id}/tags gives them. */
export function tagPairs(tags: AppTags): TagPair[] {
  return Object.entries(tags).flatMap(([key, values]) => values.map((value) => ({ key, value })))
}

/** What the server takes (AppTagsBodySchema): letters, digits, . _ - : / @ and single inner spaces. */
const TAG_WORD = /^[A-Za-z0-9_.:/@-]+( [A-Za-z0-9_.:/@-]+)*$/

/**
 * The app's tags with a small editor (PUT /apps/{id}/tags, ours): remove one, add a key and value.
 * Each change sends the whole set; the lists' tag filters and chargeback by tag see it at once.
 * A read-only admin sees the tags only.
 */
export function TagsEditor({ appId }: { appId: string }) {
  const user = useAppSelector((s) => s.session.user)
  const canEdit = !!user && user.role !== 'readonlyAdmin'
  const tags = useDetailsTagsQuery({ id: appId })
  const [save, saving] = useDetailsSetTagsMutation()
  const [key, setKey] = useState('')
  const [value, setValue] = useState('')
  const [refusal, setRefusal] = useState<string | undefined>()
  const pairs = tagPairs(tags.data ?? {})
  const write = async (next: TagPair[]) => {
    const answer = await save({ id: appId, tags: next })
    setRefusal('error' in answer ? (serverWords(answer.error) ?? 'The tags could not be saved.') : undefined)
    return !('error' in answer)
  }
  const add = async (event: FormEvent) => {
    event.preventDefault()
    const k = key.trim()
    const v = value.trim()
    if (!TAG_WORD.test(k) || !TAG_WORD.test(v))
      return setRefusal('A key and a value are needed: letters, digits, spaces and . _ - : / @.')
    if (k === 'RealUser') return setRefusal("RealUser is the owner's identity, not a tag.")
    if (pairs.some((p) => p.key === k && p.value === v)) return setRefusal(`The app already has ${k}: ${v}.`)
    if (await write([...pairs, { key: k, value: v }])) {
      setKey('')
      setValue('')
    }
  }
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="app-tags-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="app-tags-title">
          Tags
        </Title>
        <PanelState what="Tags" {...queryPanel(tags, false)}>
          {pairs.length === 0 ? (
            <Text size="sm" c="dimmed">
              No tags.
            </Text>
          ) : (
            <Group
              gap={6}
              component="ul"
              aria-label="Tags"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {pairs.map((p) => (
                <li key={`${p.key}=${p.value}`}>
                  <Badge
                    variant="light"
                    tt="none"
                    rightSection={
                      canEdit && (
                        <ActionIcon
                          size="xs"
                          variant="transparent"
                          aria-label={`Remove tag ${p.key}: ${p.value}`}
                          disabled={saving.isLoading}
                          onClick={() => void write(pairs.filter((o) => o !== p))}
                        >
                          <IconX size={12} aria-hidden />
                        </ActionIcon>
                      )
                    }
                  >
                    {p.key}: {p.value}
                  </Badge>
                </li>
              ))}
            </Group>
          )}
        </PanelState>
        {canEdit && (
          <form onSubmit={(e) => void add(e)} noValidate>
            <Group gap="xs" align="flex-start">
              <TextInput
                label="Tag key"
                size="xs"
                maxLength={64}
                value={key}
                onChange={(e) => setKey(e.currentTarget.value)}
                w={160}
              />
              <TextInput
                label="Tag value"
                size="xs"
                maxLength={128}
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                w={200}
              />
              <Button type="submit" size="xs" mt={22} loading={saving.isLoading}>
                Add tag
              </Button>
            </Group>
            {refusal && (
              <Text size="xs" c="red.8" role="alert" mt={4}>
                {refusal}
              </Text>
            )}
          </form>
        )}
      </Stack>
    </Paper>
  )
}

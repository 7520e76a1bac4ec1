import { useState, type FormEvent } from 'react'
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import { formatDateTime, formatNumber } from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { useDetailsCommentsQuery, useDetailsSendCommentMutation } from './actions-api.ts'
import { serverWords } from './actions-notices.ts'

/** The longest comment the server stores (AppCommentBodySchema). */
export const COMMENT_MAX = 2000

/**
 * The app's comments (02 §7 send_comment, E080, and GET /apps/{id}/comments): oldest first with
 * their author and time, and a box to add one, which shows in the list once the server stored it.
 */
export function CommentsPanel({ appId }: { appId: string }) {
  const comments = useDetailsCommentsQuery({ id: appId })
  const [send, sending] = useDetailsSendCommentMutation()
  const [text, setText] = useState('')
  const [refusal, setRefusal] = useState<string | undefined>()
  const blank = text.trim() === ''
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (blank) return
    const answer = await send({ id: appId, comment: text.trim() })
    if ('error' in answer) return setRefusal(serverWords(answer.error) ?? 'The comment could not be saved.')
    setRefusal(undefined)
    setText('')
  }
  const list = comments.data ?? []
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="app-comments-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="app-comments-title">
          Comments {comments.data && `(${formatNumber(list.length)})`}
        </Title>
        <PanelState what="Comments" {...queryPanel(comments, false)}>
          {list.length === 0 ? (
            <Text size="sm" c="dimmed">
              No comments yet.
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ol"
              aria-label="Comments"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {list.map((c) => (
                <li key={c.id}>
                  <Text size="xs" c="dimmed">
                    {c.author} · {formatDateTime(c.createdAt)}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {c.comment}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </PanelState>
        <form onSubmit={(e) => void submit(e)}>
          <Stack gap={6}>
            <Textarea
              label="Add a comment"
              // Not autosize: a fixed box the user can stretch (autosize measures fonts jsdom lacks).
              rows={3}
              resize="vertical"
              maxLength={COMMENT_MAX}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={refusal}
              description={`${formatNumber(text.length)} / ${formatNumber(COMMENT_MAX)} characters`}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" disabled={blank} loading={sending.isLoading}>
                Send comment
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  )
}

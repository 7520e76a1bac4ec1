import { useState, type FormEvent } from 'react'
import { Autocomplete, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { formatMessage, type AppDetailsSummary, type CurrentUser } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useMoveQueuesQuery, useYarnKillAppMutation, useYarnMoveAppMutation } from './actions-api.ts'
import { outcomeNotice, runningNotice, serverWords } from './actions-notices.ts'

/**
 * Who may kill or move an app (the simulator's kill_app/move_app rule, shown rather than refused):
 * an admin any app, a user their own; a read-only admin none.
 */
export function mayActOn(user: CurrentUser | null | undefined, app: AppDetailsSummary): boolean {
  if (!user || user.role === 'readonlyAdmin') return false
  return user.role === 'admin' || user.username === app.user
}

/** 02 §4: YARN has no cluster to send the kill or move to. */
const clusterless = (app: AppDetailsSummary) => app.clusterUid === '-' || app.clusterUid === ''

function KillDialog({
  app,
  onClose,
  onKilled,
}: {
  app: AppDetailsSummary
  onClose: () => void
  onKilled: () => void
}) {
  const [kill, killing] = useYarnKillAppMutation()
  const notice = `yarn-kill-${app.id}`
  const confirm = async () => {
    onClose()
    if (clusterless(app)) return outcomeNotice(notice, 'error', 'M032')
    runningNotice(notice, 'M029')
    const answer = await kill({ id: app.id })
    if ('error' in answer)
      return outcomeNotice(notice, 'error', 'M031', { detail: serverWords(answer.error) })
    outcomeNotice(notice, 'success', 'M030')
    onKilled()
  }
  return (
    <Modal opened onClose={onClose} title={`Kill ${app.name}?`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">
          YARN stops {app.id} on {app.clusterUid} now; its status becomes Killed in every list. This cannot be
          undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={killing.isLoading} onClick={() => void confirm()}>
            Kill application
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

function MoveDialog({
  app,
  onClose,
  onMoved,
}: {
  app: AppDetailsSummary
  onClose: () => void
  onMoved: () => void
}) {
  const [queue, setQueue] = useState('')
  const [empty, setEmpty] = useState(false)
  const [move, moving] = useYarnMoveAppMutation()
  const queues = useMoveQueuesQuery({ clusterUid: app.clusterUid })
  const others = (queues.data?.queues ?? []).filter((q) => q !== app.queue)
  const notice = `yarn-move-${app.id}`
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const target = queue.trim()
    // 02 §5: a queue is needed; the call is not made without one.
    if (!target) {
      setEmpty(true)
      return outcomeNotice(notice, 'error', 'M036', { title: formatMessage('M087', {}) })
    }
    onClose()
    if (clusterless(app)) return outcomeNotice(notice, 'error', 'M032')
    runningNotice(notice, 'M033')
    const answer = await move({ id: app.id, queue: target })
    if ('error' in answer)
      return outcomeNotice(notice, 'error', 'M035', { detail: serverWords(answer.error) })
    outcomeNotice(notice, 'success', 'M034', { detail: `It now runs in ${answer.data.queue}.` })
    onMoved()
  }
  return (
    <Modal opened onClose={onClose} title={`Move ${app.name}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            It runs in {app.queue} on {app.clusterUid}. YARN moves it to another of the cluster&apos;s queues.
          </Text>
          <Autocomplete
            label="Queue"
            description="A queue of the cluster, e.g. root.adhoc"
            placeholder="Queue name"
            data={others}
            value={queue}
            onChange={(v) => {
              setQueue(v)
              setEmpty(false)
            }}
            maxLength={100}
            error={empty ? formatMessage('M087', {}) : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={moving.isLoading}>
              Move application
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/**
 * Kill and Move (02 §4 Yarn kill and move, E123, E124) for a running app, each behind a
 * confirmation; hidden for a read-only admin and for another user's app. `onChanged` refetches the
 * page's summary; the lists refetch through the `Apps` tag the calls invalidate.
 */
export function YarnActions({ app, onChanged }: { app: AppDetailsSummary; onChanged: () => void }) {
  const user = useAppSelector((s) => s.session.user)
  const [open, setOpen] = useState<'kill' | 'move' | null>(null)
  if (app.status !== 'R' || !mayActOn(user, app)) return null
  const close = () => setOpen(null)
  return (
    <>
      <Button variant="default" onClick={() => setOpen('move')}>
        Move
      </Button>
      <Button color="red" variant="light" onClick={() => setOpen('kill')}>
        Kill
      </Button>
      {open === 'kill' && <KillDialog app={app} onClose={close} onKilled={onChanged} />}
      {open === 'move' && <MoveDialog app={app} onClose={close} onMoved={onChanged} />}
    </>
  )
}

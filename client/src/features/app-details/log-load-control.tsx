import { useEffect, useState } from 'react'
import { Button, Group, Text } from '@mantine/core'
import { toastDuration } from '@costlens/shared'
import type { ApiError } from '../../api/base-query.ts'
import {
  useLazyLogLoadAppMetaQuery,
  useLogLoadStartMutation,
  useLogLoadTaskStatusQuery,
} from './actions-api.ts'
import { outcomeNotice, runningNotice, serverWords } from './actions-notices.ts'
import type { AppRef } from './app-ref.ts'

/** How often the task is asked about (issue 17: every 2 s). */
export const LOG_POLL_MS = 2000

type Phase = 'idle' | 'starting' | 'polling' | 'loaded' | 'failed'

const PHASE_WORDS: Readonly<Record<Phase, string>> = {
  idle: '',
  starting: 'starting',
  polling: 'loading',
  loaded: 'loaded',
  failed: 'failed',
}

/**
 * "Load logs" on a Spark app's Errors tab (02 §4 Log loading, E108, E125, E126): appmeta first
 * (logs already loaded → info, nothing started), else start the task and poll its status every
 * 2 s: STARTED keeps the running notice, SUCCESS says so, stops and offers Reload (`onLoaded`
 * refetches the errors); FAILURE, a status missing or the task missing say so in a danger notice
 * and stop. A failure's notice stays 7000 ms (02 §8).
 */
export function LogLoadControl({ app, onLoaded }: { app: AppRef; onLoaded: () => void }) {
  const [phase, setPhase] = useState<Phase>('idle')
  const [taskId, setTaskId] = useState<string | null>(null)
  const [readMeta] = useLazyLogLoadAppMetaQuery()
  const [start] = useLogLoadStartMutation()
  const polling = phase === 'polling' && taskId !== null
  const status = useLogLoadTaskStatusQuery(
    { app_id: app.id, task_id: taskId ?? undefined },
    { skip: !polling, pollingInterval: LOG_POLL_MS },
  )
  const notice = `log-load-${app.id}`
  const failureClose = toastDuration('error', { source: 'log-load-failure' })

  useEffect(() => {
    if (!polling) return
    const stop = (next: Phase) => setPhase(next)
    if (status.isError) {
      const missing = (status.error as ApiError).status === 404
      outcomeNotice(notice, 'error', missing ? 'M043' : 'M039', {
        values: { taskId: taskId! },
        detail: missing ? undefined : serverWords(status.error),
        autoClose: failureClose,
      })
      return stop('failed')
    }
    if (!status.data) return
    const task = status.data.find((t) => t.task_id === taskId)
    if (!task) {
      outcomeNotice(notice, 'error', 'M043', { values: { taskId: taskId! }, autoClose: failureClose })
      return stop('failed')
    }
    switch (task.task_status) {
      case 'STARTED':
        return runningNotice(notice, 'M041')
      case 'SUCCESS':
        outcomeNotice(notice, 'success', 'M040')
        return stop('loaded')
      case 'FAILURE':
        outcomeNotice(notice, 'error', 'M039', {
          prefix: task.failure_message ?? undefined,
          autoClose: failureClose,
        })
        return stop('failed')
      default:
        // A status the task did not report (02 §4 'missing status').
        outcomeNotice(notice, 'error', 'M042', { autoClose: failureClose })
        return stop('failed')
    }
  }, [polling, status.data, status.isError, status.error, taskId, notice, failureClose])

  const load = async () => {
    setPhase('starting')
    runningNotice(notice, 'M037')
    const meta = await readMeta({ type: 'spark', id: app.id })
    if (meta.data?.logsLoaded) {
      outcomeNotice(notice, 'info', 'M038')
      return setPhase('loaded')
    }
    const started = await start({ app_type: 'spark', app_id: app.id })
    if ('error' in started) {
      outcomeNotice(notice, 'error', 'M039', { detail: serverWords(started.error), autoClose: failureClose })
      return setPhase('failed')
    }
    if (started.data.alreadyLoaded) {
      outcomeNotice(notice, 'info', 'M038')
      return setPhase('loaded')
    }
    setTaskId(started.data.task_id)
    setPhase('polling')
  }

  const busy = phase === 'starting' || phase === 'polling'
  return (
    <Group gap="sm" align="center">
      <Button variant="default" size="xs" loading={busy} onClick={() => void load()}>
        Load logs
      </Button>
      {phase === 'loaded' && (
        <Button variant="light" size="xs" onClick={onLoaded}>
          Reload errors
        </Button>
      )}
      {phase === 'idle' && (
        <Text size="xs" c="dimmed">
          Collects the executor logs from the cluster, for the errors and their log lines.
        </Text>
      )}
      {taskId && phase !== 'idle' && (
        <Text size="xs" c="dimmed" aria-live="polite">
          Log-load task {taskId}: {PHASE_WORDS[phase]}
        </Text>
      )}
    </Group>
  )
}

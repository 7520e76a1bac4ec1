import { useState } from 'react'
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import type { SparkExecutorLog } from '@costlens/shared'
import { CodeViewer } from '../../components/code-viewer/code-viewer.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { useSparkExecutorLogQuery } from './spark-extras-api.ts'

type Stream = 'stderr' | 'stdout'

/** A line that says what went wrong: an ERROR, an exception or error class, a lost task or a killed container. */
const TROUBLE = /\b(ERROR|FATAL)\b|Exception|Error:|Lost task|killed/i

/** The 1-based numbers of a log's trouble lines, highlighted in the viewer. */
export const troubleLines = (lines: readonly string[]) =>
  lines.flatMap((line, i) => (TROUBLE.test(line) ? [i + 1] : []))

/** The name of an executor in words: 'driver' or 'executor 3'. */
export const executorName = (id: string) => (id === 'driver' ? 'the driver' : `executor ${id}`)

/** The text of a log as a file: both streams, each under its name, as Spark's log directory holds them. */
export function logText(log: SparkExecutorLog): string {
  const part = (name: Stream) => [`==> ${name} <==`, ...log[name]].join('\n')
  return `${part('stderr')}\n\n${part('stdout')}\n`
}

function download(log: SparkExecutorLog) {
  const url = URL.createObjectURL(new Blob([logText(log)], { type: 'text/plain' }))
  const a = document.createElement('a')
  a.href = url
  a.download = `${log.appId}_${log.executorId}.log`
  a.click()
  URL.revokeObjectURL(url)
}

/** An executor's log (E104 with compress=true: gzipped on the wire), stderr first: that is where failures are. */
export function ExecutorLogView({ appId, executorId }: { appId: string; executorId: string }) {
  const [stream, setStream] = useState<Stream>('stderr')
  const result = useSparkExecutorLogQuery({ appId, executorId, compress: true })
  const log = result.data
  const lines = log?.[stream] ?? []
  const trouble = troubleLines(lines)
  return (
    <PanelState what="Executor log" {...queryPanel(result, !log)}>
      {log && (
        <Stack gap="xs">
          <Group justify="space-between">
            <SegmentedControl
              aria-label="Log file"
              value={stream}
              onChange={(v) => setStream(v as Stream)}
              data={[
                { value: 'stderr', label: `stderr (${log.stderr.length} lines)` },
                { value: 'stdout', label: `stdout (${log.stdout.length} lines)` },
              ]}
            />
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => download(log)}
            >
              Download log
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {log.host}
            {log.containerId && ` · ${log.containerId}`}
            {log.truncated && ' · long log: its first and last lines are shown'}
          </Text>
          {trouble.length > 0 && (
            <Text size="sm" c="red.8">
              {trouble.length} {trouble.length === 1 ? 'line says' : 'lines say'} what went wrong
              (highlighted), the first at line {trouble[0]}.
            </Text>
          )}
          <CodeViewer
            title={`${stream} of ${executorName(executorId)}`}
            code={lines.join('\n') || '(empty)'}
            language="plain"
            highlightLines={trouble}
            maxHeight={520}
          />
        </Stack>
      )}
    </PanelState>
  )
}

/** The log of the executor chosen in the Executors tab, in a dialog; null shows nothing. */
export function ExecutorLogDialog({
  appId,
  executorId,
  onClose,
}: {
  appId: string
  executorId: string | null
  onClose: () => void
}) {
  return (
    <Modal
      opened={executorId !== null}
      onClose={onClose}
      size="90%"
      title={executorId ? `Log of ${executorName(executorId)}` : ''}
    >
      {executorId && <ExecutorLogView appId={appId} executorId={executorId} />}
    </Modal>
  )
}

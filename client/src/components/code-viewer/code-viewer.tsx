import { Fragment, useState, type ReactNode } from 'react'
import { ActionIcon, Group, Modal, Paper, ScrollArea, Text, Tooltip } from '@mantine/core'
import { IconCopy, IconMaximize } from '@tabler/icons-react'
import { copyToast, widgetOption } from '@costlens/shared'
import { showToast } from '../../app/toasts.ts'
import classes from './code-viewer.module.css'

export interface CodeViewerProps {
  /** What the code is, for the controls' names ('SQL of 01ab…'). */
  title: string
  code: string
  /** B268: sql or plain; anything else is shown plain. */
  language?: string
  /** 1-based lines to highlight (the SQL viewer's line highlight). */
  highlightLines?: readonly number[]
  /** The inline viewer's maximum height in px; full screen shows everything. */
  maxHeight?: number
}

// Enough of SQL to make a statement scannable; not a parser: strings and comments are not special-cased.
const SQL_KEYWORDS =
  /\b(SELECT|FROM|WHERE|JOIN|LEFT|RIGHT|INNER|OUTER|FULL|CROSS|ON|GROUP|ORDER|BY|HAVING|LIMIT|UNION|ALL|INSERT|INTO|VALUES|UPDATE|SET|DELETE|MERGE|USING|WHEN|MATCHED|THEN|ELSE|END|CASE|CREATE|TABLE|AS|WITH|DISTINCT|AND|OR|NOT|IN|IS|NULL|COPY|OVER|PARTITION|QUALIFY|REPLACE|VIEW)\b/gi

function highlightSql(line: string): ReactNode {
  const parts = line.split(SQL_KEYWORDS)
  // split with a capturing group puts each keyword at an odd index.
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className={classes.keyword}>
        {part}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  )
}

/**
 * The code viewer (03 §2 'Code viewer (copy, full screen) and SQL viewer with line highlight'):
 * line numbers, SQL keywords picked out, copy to clipboard with its toast (B279) and a full-screen
 * view for long statements.
 */
export function CodeViewer({ title, code, language, highlightLines = [], maxHeight = 320 }: CodeViewerProps) {
  const [full, setFull] = useState(false)
  const sql = widgetOption('codeViewerLanguage', language) === 'sql'
  const lines = code.split(/\r?\n/)

  const copy = async () => {
    const clipboard = globalThis.navigator?.clipboard
    const toast = !clipboard
      ? copyToast('unavailable')
      : await clipboard.writeText(code).then(
          () => copyToast('copied'),
          () => copyToast('failed'),
        )
    showToast(toast.type, toast.msg, { brief: true })
  }

  const body = (
    <pre className={classes.pre} aria-label={title}>
      {lines.map((line, i) => (
        <div
          key={i}
          className={highlightLines.includes(i + 1) ? `${classes.line} ${classes.highlight}` : classes.line}
        >
          <span className={classes.number} aria-hidden>
            {i + 1}
          </span>
          <code>{sql ? highlightSql(line) : line}</code>
        </div>
      ))}
    </pre>
  )

  const controls = (
    <Group gap={4}>
      <Tooltip label="Copy">
        <ActionIcon variant="default" size="sm" aria-label={`Copy ${title}`} onClick={() => void copy()}>
          <IconCopy size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {!full && (
        <Tooltip label="Full screen">
          <ActionIcon
            variant="default"
            size="sm"
            aria-label={`Show ${title} full screen`}
            onClick={() => setFull(true)}
          >
            <IconMaximize size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  )

  return (
    <Paper withBorder className={classes.viewer}>
      <Group justify="space-between" px="xs" py={4} className={classes.toolbar}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {sql ? 'SQL' : 'Text'}
        </Text>
        {controls}
      </Group>
      <ScrollArea.Autosize mah={maxHeight}>{body}</ScrollArea.Autosize>
      <Modal opened={full} onClose={() => setFull(false)} fullScreen title={title}>
        <Group justify="flex-end" mb="xs">
          {controls}
        </Group>
        {body}
      </Modal>
    </Paper>
  )
}

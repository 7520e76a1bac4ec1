import { useEffect, useState } from 'react'
import { Button, Menu, Tooltip } from '@mantine/core'
import { IconCheck, IconDownload, IconLock } from '@tabler/icons-react'
import { DOWNLOAD_DONE_MS, EXPORT_BUSY_TEXT, UPGRADE_TEXT } from '@costlens/shared'
import { buildExport, saveFile, type ClientExportFormat, type ExportColumn } from './export-rows.ts'

interface TableDownloadProps<R> {
  caption: string
  name: string
  formats: readonly ClientExportFormat[]
  locked: boolean
  columns: () => readonly ExportColumn<R>[]
  rows: () => Promise<readonly R[]>
}

const FORMAT_LABELS: Record<ClientExportFormat, string> = { csv: 'CSV', xls: 'Excel (xls)', json: 'JSON' }

/**
 * The table's download control (B108, B112, B059): a menu of formats; 'downloading' while the file
 * is built, a done state for 2 s after; locked with the reason for freemium accounts.
 */
export function TableDownload<R>(props: TableDownloadProps<R>) {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle')
  useEffect(() => {
    if (state !== 'done' && state !== 'failed') return
    const timer = setTimeout(() => setState('idle'), DOWNLOAD_DONE_MS)
    return () => clearTimeout(timer)
  }, [state])

  if (props.locked)
    return (
      <Tooltip label={UPGRADE_TEXT}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLock size={14} aria-hidden />}
          aria-label={`Download ${props.caption} (${UPGRADE_TEXT})`}
          data-disabled
          onClick={(e) => e.preventDefault()}
        >
          Download
        </Button>
      </Tooltip>
    )

  const download = async (format: ClientExportFormat) => {
    setState('busy')
    try {
      const rows = await props.rows()
      const file = buildExport(format, props.name, props.columns(), rows)
      saveFile(file.fileName, file.blob)
      setState('done')
    } catch {
      setState('failed')
    }
  }
  const label =
    state === 'busy'
      ? EXPORT_BUSY_TEXT
      : state === 'done'
        ? 'Done'
        : state === 'failed'
          ? 'Failed'
          : 'Download'
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          loading={state === 'busy'}
          leftSection={
            state === 'done' ? <IconCheck size={14} aria-hidden /> : <IconDownload size={14} aria-hidden />
          }
          aria-label={`Download ${props.caption}`}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {props.formats.map((format) => (
          <Menu.Item key={format} onClick={() => void download(format)}>
            {FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}

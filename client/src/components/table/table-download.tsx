import { useEffect, useId, useState } from 'react'
import { Button, Loader, Menu, Tooltip, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconDownload, IconLock } from '@tabler/icons-react'
import {
  DOWNLOAD_DONE_MS,
  EXPORT_BUSY_TEXT,
  UPGRADE_TEXT,
  formatCount,
  listExportFileName,
} from '@costlens/shared'
import { EXPORT_SKIP_ATTRIBUTE } from '../export/page-html.ts'
import { pageContent, usePdfExport } from '../export/pdf-export.ts'
import {
  buildExport,
  saveFile,
  type ClientExportFormat,
  type ExportColumn,
  type ExportFileOptions,
} from './export-rows.ts'
import { preloadWorkbookLibrary } from './export/xlsx-workbook.ts'
import type { DownloadScope } from './table-types.ts'

interface TableDownloadProps<R> {
  caption: string
  name: string
  formats: readonly ClientExportFormat[]
  locked: boolean
  /** A list's window and filtering, which the file's name then says (`listExportFileName`). */
  naming?: ExportFileOptions['naming']
  /** The columns a download writes: those on screen, or every one the table offers. */
  columns: (scope: DownloadScope) => readonly ExportColumn<R>[]
  rows: () => Promise<readonly R[]>
}

const FORMAT_LABELS: Record<ClientExportFormat, string> = { csv: 'CSV', xls: 'Excel (xlsx)', json: 'JSON' }
const SCOPE_LABELS: Record<DownloadScope, string> = { visible: 'Visible columns', all: 'All columns' }

/** From this many rows a download says how many it is preparing: a workbook of them takes a moment. */
export const LARGE_EXPORT_ROWS = 1000

/** The busy label while a large file is built: 'Preparing 8,000 rows…'. */
export const preparingText = (rows: number) => `Preparing ${formatCount(rows)} rows…`

/**
 * Resolves once the browser has shown what was just rendered (the busy label), before a long build
 * holds the page. A hidden tab paints nothing: the timer goes on without it.
 */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 100)
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0))
  })

type DownloadState = { status: 'idle' | 'done' | 'failed' } | { status: 'busy'; text: string }

/**
 * The base name the PDF service stamps (`<base>_<UTC stamp>.pdf`): the list's own name with its
 * window and filtering, as its other files are named, without a stamp of its own.
 */
function pdfBaseName(name: string, naming: ExportFileOptions['naming']): string {
  if (naming?.range)
    return listExportFileName({ name, ...naming }, 'pdf', Date.now()).slice(0, -'.pdf'.length)
  return naming?.filtered ? `${name}_filtered` : name
}
const STATE_LABELS = { idle: 'Download', done: 'Done', failed: 'Failed' } as const

/**
 * The table's download control (B108, B112, B059, issue 22): a menu of the columns to write (those
 * chosen by default, or all) and of formats, the last a PDF of the whole page as shown (E011); 'downloading' while the rows are fetched, how many
 * rows it is preparing when they are many, a done state for 2 s after; locked with the reason for
 * freemium accounts.
 */
export function TableDownload<R>(props: TableDownloadProps<R>) {
  const [state, setState] = useState<DownloadState>({ status: 'idle' })
  const [scope, setScope] = useState<DownloadScope>('visible')
  const { exportElement } = usePdfExport()
  const scopeLabelId = useId()
  useEffect(() => {
    if (state.status !== 'done' && state.status !== 'failed') return
    const timer = setTimeout(() => setState({ status: 'idle' }), DOWNLOAD_DONE_MS)
    return () => clearTimeout(timer)
  }, [state.status])

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

  const busy = state.status === 'busy'
  const download = async (format: ClientExportFormat) => {
    if (busy) return
    setState({ status: 'busy', text: EXPORT_BUSY_TEXT })
    try {
      const rows = await props.rows()
      if (rows.length >= LARGE_EXPORT_ROWS) {
        setState({ status: 'busy', text: preparingText(rows.length) })
        await afterPaint()
      }
      const file = await buildExport(format, props.columns(scope), rows, {
        name: props.name,
        naming: props.naming,
      })
      saveFile(file.fileName, file.blob)
      setState({ status: 'done' })
    } catch {
      setState({ status: 'failed' })
    }
  }
  // The page as shown, charts and all, rendered by the PDF service (E011); it says how it went itself.
  const downloadPdf = async () => {
    if (busy) return
    setState({ status: 'busy', text: EXPORT_BUSY_TEXT })
    const saved = await exportElement(pageContent(), pdfBaseName(props.name, props.naming))
    setState({ status: saved ? 'done' : 'failed' })
  }
  const label = state.status === 'busy' ? state.text : STATE_LABELS[state.status]
  const icon =
    state.status === 'busy' ? (
      <Loader size={12} aria-hidden />
    ) : state.status === 'done' ? (
      <IconCheck size={14} aria-hidden />
    ) : (
      <IconDownload size={14} aria-hidden />
    )
  return (
    <>
      <Menu position="bottom-end" onOpen={props.formats.includes('xls') ? preloadWorkbookLibrary : undefined}>
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={icon}
            aria-label={`Download ${props.caption}`}
            aria-busy={busy}
            {...{ [EXPORT_SKIP_ATTRIBUTE]: '' }}
          >
            {label}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label id={scopeLabelId}>Columns</Menu.Label>
          <div role="group" aria-labelledby={scopeLabelId}>
            <Menu.RadioGroup value={scope} onChange={(value) => setScope(value as DownloadScope)}>
              {(['visible', 'all'] as const).map((value) => (
                <Menu.RadioItem key={value} value={value}>
                  {SCOPE_LABELS[value]}
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </div>
          <Menu.Divider />
          <Menu.Label>Format</Menu.Label>
          {props.formats.map((format) => (
            <Menu.Item key={format} disabled={busy} onClick={() => void download(format)}>
              {FORMAT_LABELS[format]}
            </Menu.Item>
          ))}
          <Menu.Item disabled={busy} onClick={() => void downloadPdf()}>
            PDF (this page)
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {/* The button's name stays 'Download …': its progress is read out from here. */}
      <VisuallyHidden role="status" {...{ [EXPORT_SKIP_ATTRIBUTE]: '' }}>
        {state.status === 'idle' ? '' : label}
      </VisuallyHidden>
    </>
  )
}

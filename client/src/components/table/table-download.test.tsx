import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EXPORT_BUSY_TEXT, miscEndpoints } from '@costlens/shared'
import { captureDownloads } from '../../../test/downloads.ts'
import { renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { DataTable } from './data-table.tsx'
import { readWorkbook } from './export/workbook-test-helpers.ts'
import type { DataColumn, DataTableDownload } from './table-types.ts'

interface Job {
  id: string
  owner: string
  cents: number
  note: string
}

const columns: DataColumn<Job>[] = [
  { key: 'id', title: 'Job ID' },
  { key: 'owner', title: 'Owner' },
  { key: 'cents', title: 'Cost', unit: 'cents' },
  // Hidden until the user asks for it: only 'All columns' writes it.
  { key: 'note', title: 'Note', displayable: false },
]
const jobs = (n: number): Job[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `job_${i + 1}`,
    owner: 'alice',
    cents: 150 * (i + 1),
    note: 'n',
  }))

/** Every file handed to the browser's download: its name and content. */
function renderJobs(download: DataTableDownload<Job>, rows = jobs(2)) {
  return renderWithProviders(
    <DataTable<Job> caption="Jobs" columns={columns} rows={rows} rowKey={(r) => r.id} download={download} />,
  )
}
const downloadButton = () => screen.getByRole('button', { name: 'Download Jobs' })

afterEach(() => vi.restoreAllMocks())

describe('issue 22: the table download', () => {
  it('offers the columns to write, visible by default, and each format, by keyboard too', async () => {
    const files = captureDownloads()
    const { user } = renderJobs({ name: 'jobs' })
    downloadButton().focus()
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    const columnsGroup = within(menu).getByRole('group', { name: 'Columns' })
    expect(within(columnsGroup).getByRole('menuitemradio', { name: 'Visible columns' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['CSV', 'Excel (xlsx)', 'JSON', 'PDF (this page)'])
    // Down to 'All columns', picked with Enter (the menu stays open), then down to CSV.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(within(columnsGroup).getByRole('menuitemradio', { name: 'All columns' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(files).toHaveLength(1))
    expect((await files[0]!.blob!.text()).split('\r\n')[0]).toBe('Job ID,Owner,Cost (USD),Note')
  })

  it('writes the visible columns unless asked for all, the cost in dollars', async () => {
    const files = captureDownloads()
    const { user } = renderJobs({ name: 'jobs' })
    await user.click(downloadButton())
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(await files[0]!.blob!.text()).toBe(
      'Job ID,Owner,Cost (USD)\r\njob_1,alice,1.5\r\njob_2,alice,3\r\n',
    )
  })

  it('names the file after the list, its window and its filters, when a list page says them', async () => {
    const files = captureDownloads()
    const range = { start: Date.parse('2026-11-18T09:00:00Z'), end: Date.parse('2026-11-25T09:00:00Z') }
    const { user } = renderJobs({ name: 'jobs_finished', range, filtered: true })
    await user.click(downloadButton())
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (xlsx)' }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(files[0]!.name).toBe('jobs_finished_2026-11-18_2026-11-25_filtered.xlsx')
    const workbook = await readWorkbook(files[0]!.blob!)
    expect(workbook.rows).toEqual([
      ['job_1', 'alice', 1.5],
      ['job_2', 'alice', 3],
    ])
  })

  it("says 'downloading' while the rows come, how many it prepares when they are many, then done", async () => {
    const files = captureDownloads()
    let deliver: (rows: Job[]) => void = () => {}
    const rows = () => new Promise<readonly Job[]>((resolve) => (deliver = resolve))
    const { user } = renderJobs({ name: 'jobs', rows })
    await user.click(downloadButton())
    await user.click(await screen.findByRole('menuitem', { name: 'JSON' }))
    expect(downloadButton()).toHaveTextContent(EXPORT_BUSY_TEXT)
    expect(downloadButton()).toHaveAttribute('aria-busy', 'true')
    // What the control says, as it says it: a busy machine may go through it faster than a poll.
    const status = screen.getByRole('status')
    const said: string[] = []
    const observer = new MutationObserver(() => said.push(status.textContent ?? ''))
    observer.observe(status, { childList: true, characterData: true, subtree: true })
    await act(async () => deliver(jobs(1200)))
    await waitFor(() => expect(downloadButton()).toHaveTextContent('Done'))
    observer.disconnect()
    expect(said.filter((text, i) => text && text !== said[i - 1])).toEqual(['Preparing 1,200 rows…', 'Done'])
    expect(JSON.parse(await files[0]!.blob!.text())).toHaveLength(1200)
  })
})

describe('issue 22: the PDF of the page (E011)', () => {
  it('posts the page as shown under the list’s file name and shows done', async () => {
    const files = captureDownloads()
    const posted: { htmlContent: string; options: { fileName: string } }[] = []
    stubApi(async (request) => {
      if (new URL(request.url).pathname !== miscEndpoints.exportPdf.path) return undefined
      posted.push(await request.json())
      return new Response(new TextEncoder().encode('%PDF-1.4'), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="jobs.pdf"',
        },
      })
    })
    const { user } = renderWithProviders(
      <main id="main">
        <h1>Jobs</h1>
        <DataTable<Job>
          caption="Jobs"
          columns={columns}
          rows={jobs(2)}
          rowKey={(r) => r.id}
          download={{ name: 'jobs', filtered: true }}
        />
      </main>,
      { preloadedState: signedIn() },
    )
    await user.click(downloadButton())
    await user.click(await screen.findByRole('menuitem', { name: 'PDF (this page)' }))
    await waitFor(() => expect(files.map((f) => f.name)).toEqual(['jobs.pdf']))
    expect(posted[0]!.options.fileName).toBe('jobs_filtered')
    expect(posted[0]!.htmlContent).toContain('job_2')
    // The control itself is not in the file.
    expect(posted[0]!.htmlContent).not.toContain('Download')
    expect(await screen.findByRole('button', { name: 'Download Jobs' })).toHaveTextContent('Done')
  })
})

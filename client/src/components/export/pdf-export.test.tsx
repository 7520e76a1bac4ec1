import { useRef } from 'react'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES, miscEndpoints } from '@costlens/shared'
import { renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { stubEndpoint, stubError } from '../../../test/page-harness.tsx'
import { usePdfExport } from './pdf-export.ts'

/** A page with a title and a row, and the control that exports it. */
function Page() {
  const root = useRef<HTMLDivElement>(null)
  const { exportElement } = usePdfExport()
  return (
    <div ref={root}>
      <h1>Applications</h1>
      <p>application_1764000000000_0001</p>
      <button onClick={() => void exportElement(root.current!, 'finished_applications')}>Export PDF</button>
    </div>
  )
}

let saved: string[]
beforeEach(() => {
  saved = []
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:pdf')
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
})
afterEach(() => vi.restoreAllMocks())

const pdfAnswer = () =>
  // Bytes, not a jsdom Blob: the stubbed fetch answers with Node's own Response.
  new Response(new TextEncoder().encode('%PDF-1.4 test'), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="finished_applications_2026-11-25_09-05-07.pdf"',
    },
  })

describe('the PDF export (E011, B292)', () => {
  it("posts the page as HTML at the screen's width, downloads the server's file and says so (M023)", async () => {
    const api = stubApi((request) =>
      request.method === 'POST' && new URL(request.url).pathname === miscEndpoints.exportPdf.path
        ? pdfAnswer()
        : undefined,
    )
    const { user } = renderWithProviders(<Page />, { preloadedState: signedIn() })
    await user.click(screen.getByRole('button', { name: 'Export PDF' }))
    expect(await screen.findByText(MESSAGES.M023)).toBeInTheDocument()
    expect(saved).toEqual(['finished_applications_2026-11-25_09-05-07.pdf'])
    const request = api.requests.find((r) => r.url.endsWith('/ui/export-pdf'))!
    expect(request.headers.get('authorization')).toBe('JWT t-1')
    const body = (await request.json()) as {
      htmlContent: string
      options: { width: number; fileName: string }
    }
    expect(body.htmlContent).toContain('<h1>Applications</h1>')
    expect(body.htmlContent).toContain('application_1764000000000_0001')
    expect(body.options.fileName).toBe('finished_applications')
    expect(body.options.width).toBeGreaterThanOrEqual(320)
  })

  it('posts a chart narrower than a phone at the least width the service takes (320)', async () => {
    const api = stubApi((request) =>
      new URL(request.url).pathname === miscEndpoints.exportPdf.path ? pdfAnswer() : undefined,
    )
    function NarrowChart() {
      const { exportHtml } = usePdfExport()
      return <button onClick={() => void exportHtml('<svg></svg>', 'spark', 200)}>Export chart</button>
    }
    const { user } = renderWithProviders(<NarrowChart />, { preloadedState: signedIn() })
    await user.click(screen.getByRole('button', { name: 'Export chart' }))
    expect(await screen.findByText(MESSAGES.M023)).toBeInTheDocument()
    const body = (await api.requests[0]!.json()) as { options: { width: number } }
    expect(body.options.width).toBe(320)
  })

  it('says the download failed (M022) when the server cannot render it, and saves nothing', async () => {
    stubApi(stubError(miscEndpoints.exportPdf, 500, 'The PDF could not be rendered.'))
    const { user } = renderWithProviders(<Page />, { preloadedState: signedIn() })
    await user.click(screen.getByRole('button', { name: 'Export PDF' }))
    expect(await screen.findByText(MESSAGES.M022)).toBeInTheDocument()
    await waitFor(() => expect(saved).toEqual([]))
  })

  it('is refused for the free plan with the same failure message', async () => {
    stubApi(
      stubEndpoint(
        miscEndpoints.exportPdf,
        () => ({ statusCode: 403, error: 'Forbidden', message: 'no' }),
        403,
      ),
    )
    const { user } = renderWithProviders(<Page />, { preloadedState: signedIn() })
    await user.click(screen.getByRole('button', { name: 'Export PDF' }))
    expect(await screen.findByText(MESSAGES.M022)).toBeInTheDocument()
  })
})

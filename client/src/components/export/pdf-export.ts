import { useCallback } from 'react'
import {
  EXPORT_PDF_WIDTH,
  MESSAGES,
  PDF_EXPORT,
  miscEndpoints,
  pdfFileName,
  type EndpointArgs,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointRequest } from '../../api/endpoint-query.ts'
import { useAppDispatch } from '../../app/hooks.ts'
import { saveObjectUrl } from '../table/export-rows.ts'
import { showToast } from '../../app/toasts.ts'
import { pageHtml, whenDrawn } from './page-html.ts'

/**
 * What the PDF call leaves in the store: the file's name and an object URL of its bytes (a Blob is
 * not a serialisable value); the URL is revoked once the download has it.
 */
interface PdfFile {
  fileName: string
  url: string
}

/** The name the server gave the file (Content-Disposition), when it gave one. */
function dispositionFileName(header: string | null | undefined): string | undefined {
  return header ? /filename="([^"]+)"/.exec(header)?.[1] : undefined
}

const pdfApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportPdf: build.mutation<PdfFile, EndpointArgs<typeof miscEndpoints.exportPdf>>({
      query: (args) =>
        endpointRequest(miscEndpoints.exportPdf, args, {
          // The PDF's bytes on success; the error shape (JSON) otherwise.
          responseHandler: (response) => (response.ok ? response.blob() : response.json()),
        }),
      transformResponse: (pdf: Blob, meta, args) => ({
        fileName:
          dispositionFileName(meta?.response?.headers.get('content-disposition')) ??
          pdfFileName(args.options?.fileName ?? 'costlens_export', Date.now()),
        url: URL.createObjectURL(pdf),
      }),
    }),
  }),
})

/** A width within what the service accepts (a chart may be narrower than a phone). */
const acceptedWidth = (width: number) =>
  Math.min(EXPORT_PDF_WIDTH.max, Math.max(EXPORT_PDF_WIDTH.min, Math.round(width)))

/** The width the page is laid out at on screen. */
const screenWidth = () => document.documentElement.clientWidth

/**
 * The PDF export (E011, B292), for the export controls: `exportElement` waits for the element to
 * finish drawing (5000 ms at most), posts it as a self-contained document laid out at the screen's
 * width, downloads the PDF and says how it went (M023, M022). Resolves true when the file was
 * downloaded.
 */
export function usePdfExport() {
  const dispatch = useAppDispatch()
  const exportHtml = useCallback(
    async (htmlContent: string, fileName: string, width = screenWidth()): Promise<boolean> => {
      const call = dispatch(
        pdfApi.endpoints.exportPdf.initiate({
          htmlContent,
          options: { width: acceptedWidth(width), fileName },
        }),
      )
      try {
        const { fileName: saved, url } = await call.unwrap()
        saveObjectUrl(saved, url)
        showToast('success', MESSAGES.M023, { brief: true })
        return true
      } catch {
        showToast('error', MESSAGES.M022)
        return false
      } finally {
        call.reset()
      }
    },
    [dispatch],
  )
  const exportElement = useCallback(
    async (root: Element, fileName: string, title = fileName): Promise<boolean> => {
      await whenDrawn(root, PDF_EXPORT.renderWaitMs)
      return exportHtml(pageHtml(root, title), fileName)
    },
    [exportHtml],
  )
  return { exportHtml, exportElement }
}

/** The page's content (the shell's main region, without the navigation), or the whole body. */
export function pageContent(): Element {
  return document.getElementById('main') ?? document.body
}

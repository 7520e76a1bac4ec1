import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** One page of a PDF as a reader sees it: its size in points and its text. */
export interface PdfPage {
  width: number
  height: number
  text: string
}

/** Reads a PDF's pages with pdf.js (Mozilla's reader): what the tests check a rendered PDF by. */
export async function pdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  // pdf.js takes ownership of the buffer it is given: a copy keeps the caller's intact.
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  try {
    const pages: PdfPage[] = []
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number)
      const { width, height } = page.getViewport({ scale: 1 })
      const content = await page.getTextContent()
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
      pages.push({ width, height, text })
    }
    return pages
  } finally {
    await document.destroy()
  }
}

import { Type, type Static } from 'typebox'
import { PDF_EXPORT } from '../rules/reports.ts'

/** The most bytes a PDF export's body may have: a page with its styles and charts inlined (413 beyond). */
export const EXPORT_PDF_MAX_BYTES = 10 * 1024 * 1024

/** The widths a page may be laid out at: a phone's to a wide 8K screen. */
export const EXPORT_PDF_WIDTH = { min: 320, max: 7680 } as const

/** E011's body (01 §7): the page's HTML and the width it was laid out at. */
export const ExportPdfBodySchema = Type.Object(
  {
    htmlContent: Type.String({ minLength: 1, maxLength: EXPORT_PDF_MAX_BYTES }),
    options: Type.Optional(
      Type.Object(
        {
          width: Type.Optional(
            Type.Integer({
              minimum: EXPORT_PDF_WIDTH.min,
              maximum: EXPORT_PDF_WIDTH.max,
              default: PDF_EXPORT.defaultWidth,
            }),
          ),
          /** The file's base name (ours: the spec names only width); a UTC stamp is added (B292). */
          fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)
export type ExportPdfBody = Static<typeof ExportPdfBodySchema>

/** E011's answer: the PDF's bytes (application/pdf). */
export const PdfFileSchema = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' })

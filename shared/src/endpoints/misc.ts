import { Type } from 'typebox'
import { UpgradePlanResponseSchema } from '../contracts/auth.ts'
import { ExportPdfBodySchema, PdfFileSchema } from '../contracts/export-pdf.ts'
import { defineEndpoints } from './endpoint.ts'

/** The freemium upgrade request (M020, M021; E012) and the PDF export (E011). */
export const miscEndpoints = defineEndpoints({
  upgradePlan: {
    method: 'PUT',
    path: '/api/{ui}/ui/upgrade-plan',
    specIds: ['E012'],
    tags: ['plan'],
    summary: 'Ask for the paid plan (the freemium upgrade prompt); {ui} is kept as the spec writes it',
    params: Type.Object({ ui: Type.String({ maxLength: 40 }) }),
    response: UpgradePlanResponseSchema,
    changesState: true,
  },
  exportPdf: {
    method: 'POST',
    path: '/ui/export-pdf',
    specIds: ['E011'],
    tags: ['export'],
    summary: 'A PDF of a page of the console: the posted HTML rendered A3 landscape (B292)',
    description:
      'Renders `htmlContent` laid out `options.width` CSS pixels wide (default 1366) in a sandboxed ' +
      'chromium that loads nothing but `data:` URLs, and answers the PDF as a download named ' +
      '`<options.fileName>_<UTC stamp>.pdf`. `options.fileName` is ours (the spec names only width). ' +
      'Not on the free plan (403). 413 above 10 MB, 429 with Retry-After while the render queue is ' +
      'full or the user asked too often, 504 when the render takes too long.',
    body: ExportPdfBodySchema,
    response: PdfFileSchema,
    produces: 'application/pdf',
    errors: [413, 429, 503, 504],
  },
})

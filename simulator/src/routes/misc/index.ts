import { EXPORT_PDF_MAX_BYTES, miscEndpoints as calls, pdfFileName, pdfWidth } from '@costlens/shared'
import type { FastifyRequest } from 'fastify'
import type { AppInstance } from '../../app.ts'
import { recordUpgradeRequest } from '../../db/repositories/users.ts'
import { HttpError } from '../../errors.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { PdfRenderError, type PdfFailure } from '../../pdf/pdf-renderer.ts'
import { route } from '../route.ts'

/** What each way a render can fail answers (01 §8: 504 is the spec's 'timeout'). */
const FAILURE_STATUS: Record<PdfFailure, number> = { busy: 429, timeout: 504, unavailable: 503 }
/** How long a refused export is told to wait: about one render. */
const BUSY_RETRY_AFTER_S = 2
/** The file's base name when the client names none. */
const DEFAULT_PDF_NAME = 'costlens_export'
/**
 * The body limit of the route, a little above the largest htmlContent the schema allows: the JSON
 * around it and its escapes are not the page.
 */
const EXPORT_PDF_BODY_LIMIT = EXPORT_PDF_MAX_BYTES + 64 * 1024

/** The freemium upgrade request (E012) and the PDF export (E011), from `miscEndpoints`. */
export default async function miscRoutes(app: AppInstance) {
  route(app, calls.upgradePlan, (request) => {
    const session = sessionOf(request)
    if (session.plan !== 'freemium')
      return { status: 'failure' as const, message: 'Your plan already includes every feature.' }
    recordUpgradeRequest(app.db, session.username, app.clock.now())
    return {
      status: 'success' as const,
      message: 'Upgrade request received. Our team will contact you within one business day.',
    }
  })

  route(
    app,
    calls.exportPdf,
    async (request, reply) => {
      const { htmlContent, options } = request.body
      let pdf: Buffer
      const started = performance.now()
      try {
        pdf = await app.pdf.render(htmlContent, pdfWidth(options?.width))
      } catch (error) {
        if (!(error instanceof PdfRenderError)) throw error
        if (error.failure === 'busy') reply.header('retry-after', BUSY_RETRY_AFTER_S)
        throw new HttpError(FAILURE_STATUS[error.failure], error.message)
      }
      const fileName = pdfFileName(options?.fileName ?? DEFAULT_PDF_NAME, app.clock.now())
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // How long the render took, queue included (the benchmark reads it; so can an operator).
          .header('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}`)
          .send(pdf)
      )
    },
    {
      // Exports are not on the free plan (B059): refused by the one plan check (plugins/auth.ts).
      plan: () => ({ download: true }),
      bodyLimit: EXPORT_PDF_BODY_LIMIT,
      // Per user (the access hook has named them by now: this limit runs before the handler).
      rateLimit: {
        max: app.settings.pdfPerUserPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `pdf:${request.session?.username ?? request.ip}`,
        errorResponseBuilder: (_request: FastifyRequest, context: { after: string; statusCode: number }) => ({
          statusCode: context.statusCode,
          error: 'Too Many Requests',
          message: `Too many PDF exports. Try again in ${context.after}.`,
        }),
      },
    },
  )
}

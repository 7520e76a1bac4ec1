import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { PDF_EXPORT } from '@costlens/shared'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'

export interface PdfRendererOptions {
  executablePath?: string
  /** Renders at once: one keeps the second core for the API on a 2-core machine. */
  concurrency?: number
  /** Renders that may wait for a free slot; beyond them a request is refused (429). */
  maxWaiting?: number
  /** The most one render may take, from its start (not its wait), before it is abandoned (504). */
  renderTimeoutMs?: number
}

/** Why a render did not give a PDF; the route turns each into its status. */
export type PdfFailure = 'busy' | 'timeout' | 'unavailable'

export class PdfRenderError extends Error {
  constructor(
    readonly failure: PdfFailure,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A3 landscape less the side margins (1 inch each), in CSS pixels (96 per inch): the width a page
 * prints at scale 1. A wider requested width is scaled down to fit, so the PDF shows the page as
 * laid out at that width.
 */
const PRINTABLE_WIDTH_PX = Math.floor((420 / 25.4 - 2) * 96)
/** The window height the page is laid out in (the PDF flows onto as many pages as it needs). */
const VIEWPORT_HEIGHT = 900

/**
 * The chromium flags of the PDF browser besides the common ones: every connection goes through a
 * proxy that does not exist (port 9, discard), loopback included (`<-loopback>` removes Chromium's
 * implicit bypass), so even a request that escaped the routing below could reach nothing.
 * (TOOLCHAIN.md: routing alone leaked link prefetch, WebSocket and beacon requests.)
 */
const ISOLATION_FLAGS = ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>']

/**
 * The PDF service's renderer (POST /ui/export-pdf): the posted HTML laid out by one warm headless
 * chromium, shared by all requests, in a fresh context each (no cookies, cache or storage carry
 * over), and printed to an A3 landscape PDF with the spec's margins (B292).
 *
 * Hostile HTML reaches nothing: scripts are off (no fetch, beacon, WebSocket or timers), service
 * workers blocked, downloads refused, popups closed, every request the page makes is aborted except
 * `data:` URLs, and a navigation (meta refresh, a frame) is answered with an empty 204; the dead
 * proxy above backs that up. `file:` frames are refused by chromium itself for a page that is not a
 * file. The page is set with setContent, so it has no origin to reach back to.
 *
 * Bounded: `concurrency` renders at once, `maxWaiting` more queued, each abandoned after
 * `renderTimeoutMs`. The browser starts on the first render and again after it dies (a crash fails
 * the renders in flight, never the API).
 */
export class PdfRenderer {
  private readonly executablePath: string
  private readonly concurrency: number
  private readonly maxWaiting: number
  private readonly renderTimeoutMs: number
  private browser: Promise<Browser> | undefined
  private running = 0
  private readonly waiting: (() => void)[] = []
  private closed = false
  /** The next render's context and page, made ahead (`prepareSpare`), with the browser it is in. */
  private spare: { browser: Browser; page: Promise<{ context: BrowserContext; page: Page }> } | undefined
  /** Requests the rendered pages tried and were refused (the tests read it). */
  blockedRequests = 0

  constructor(options: PdfRendererOptions = {}) {
    this.executablePath = options.executablePath ?? CHROMIUM_PATH
    this.concurrency = options.concurrency ?? 1
    this.maxWaiting = options.maxWaiting ?? 4
    this.renderTimeoutMs = options.renderTimeoutMs ?? 15_000
  }

  /** The PDF of `html` laid out at `width` CSS pixels. Rejects with a PdfRenderError. */
  async render(html: string, width: number): Promise<Buffer> {
    await this.takeSlot()
    try {
      return await this.renderInSlot(html, width)
    } finally {
      this.releaseSlot()
    }
  }

  /** Stops the browser (the app's close). */
  async close(): Promise<void> {
    this.closed = true
    const spare = this.spare
    this.spare = undefined
    await spare?.page.then(({ context }) => context.close()).catch(() => undefined)
    const browser = this.browser
    this.browser = undefined
    if (browser) await browser.then((b) => b.close()).catch(() => undefined)
  }

  private async takeSlot(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++
      return
    }
    if (this.waiting.length >= this.maxWaiting)
      throw new PdfRenderError('busy', 'Too many PDF exports are being made right now. Try again shortly.')
    // The slot is handed over by releaseSlot: `running` stays counted.
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }

  private releaseSlot() {
    const next = this.waiting.shift()
    if (next) next()
    else this.running--
  }

  private launch(): Promise<Browser> {
    if (this.closed) return Promise.reject(new PdfRenderError('unavailable', 'The PDF service has stopped.'))
    if (!this.browser) {
      const launching = chromium
        .launch({ executablePath: this.executablePath, args: [...CHROMIUM_FLAGS, ...ISOLATION_FLAGS] })
        .then((browser) => {
          // A browser that dies (killed, crashed) is started again by the next render.
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = undefined
          })
          // The first render's page is made while the launch's caller gets ready.
          this.prepareSpare(browser)
          return browser
        })
      launching.catch(() => {
        if (this.browser === launching) this.browser = undefined
      })
      this.browser = launching
    }
    return this.browser
  }

  /**
   * A new context and its page, isolated as the class comment says. It is made before it is needed
   * (`spare`, about 200 ms of the render otherwise), never used twice: each render takes a fresh one.
   */
  private async openPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      serviceWorkers: 'block',
      acceptDownloads: false,
      viewport: { width: PDF_EXPORT.defaultWidth, height: VIEWPORT_HEIGHT },
    })
    try {
      await context.route('**/*', (route) => {
        const request = route.request()
        if (request.url().startsWith('data:')) return route.continue()
        this.blockedRequests++
        // A navigation (meta refresh, a frame) gets an empty answer: the page stays what was posted.
        if (request.isNavigationRequest()) return route.fulfill({ status: 204 })
        return route.abort('blockedbyclient')
      })
      // The first page of the context is the one made below; any other is a popup, closed at once.
      let pages = 0
      context.on('page', (opened) => {
        if (++pages > 1) void opened.close().catch(() => undefined)
      })
      const page = await context.newPage()
      await page.emulateMedia({ media: 'screen' })
      return { context, page }
    } catch (error) {
      await context.close().catch(() => undefined)
      throw error
    }
  }

  /** The spare page if it belongs to this browser (one that died took its pages along), else a new one. */
  private takePage(browser: Browser) {
    const spare = this.spare
    this.spare = undefined
    if (spare?.browser === browser) return spare.page.catch(() => this.openPage(browser))
    return this.openPage(browser)
  }

  /** Prepares the next render's page while the service waits for it. */
  private prepareSpare(browser: Browser) {
    if (this.closed || this.spare || !browser.isConnected()) return
    const page = this.openPage(browser)
    page.catch(() => undefined) // a failed spare is replaced by the render that wants it
    this.spare = { browser, page }
  }

  private async renderInSlot(html: string, width: number): Promise<Buffer> {
    let browser: Browser
    try {
      browser = await this.launch()
    } catch (error) {
      if (error instanceof PdfRenderError) throw error
      throw new PdfRenderError(
        'unavailable',
        `PDF export is not available on this server: chromium could not be started at ${this.executablePath}.`,
      )
    }
    let context: BrowserContext | undefined
    let timedOut = false
    // Closing the context aborts whatever the page is doing: the render then rejects at once.
    const timer = setTimeout(() => {
      timedOut = true
      void context?.close().catch(() => undefined)
    }, this.renderTimeoutMs)
    try {
      const opened = await this.takePage(browser)
      context = opened.context
      if (timedOut) throw new Error('timed out')
      const { page } = opened
      await page.setViewportSize({ width, height: VIEWPORT_HEIGHT })
      await page.setContent(html, { waitUntil: 'load', timeout: this.renderTimeoutMs })
      return await page.pdf({
        format: PDF_EXPORT.format,
        landscape: PDF_EXPORT.landscape,
        margin: PDF_EXPORT.margin,
        printBackground: true,
        // A page laid out wider than the printable width is scaled to fit it (0.1 is chromium's least).
        scale: Math.max(0.1, Math.min(1, PRINTABLE_WIDTH_PX / width)),
      })
    } catch (error) {
      if (timedOut)
        throw new PdfRenderError(
          'timeout',
          `The PDF took longer than ${this.renderTimeoutMs / 1000} s to render.`,
        )
      if (error instanceof PdfRenderError) throw error
      // The browser died under this render: the next one starts a new browser.
      throw new PdfRenderError('unavailable', `The PDF could not be rendered: ${(error as Error).message}`)
    } finally {
      clearTimeout(timer)
      await context?.close().catch(() => undefined)
      this.prepareSpare(browser)
    }
  }
}

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPORT_PDF_MAX_BYTES } from '@costlens/shared'
import { auth, signIn, testApp } from './helper.ts'
import { pdfPages } from './pdf-text.ts'

const URL_PATH = '/ui/export-pdf'

/** A page as the console posts it: a title and the first rows of a table. */
const LIST_PAGE = `<!doctype html><html><head><style>
  body { font-family: sans-serif } table { border-collapse: collapse } td, th { border: 1px solid #999; padding: 4px }
</style></head><body>
  <h1>Applications</h1>
  <table><thead><tr><th>App ID</th><th>User</th></tr></thead>
  <tbody><tr><td>application_1764000000000_0001</td><td>alice</td></tr>
  <tr><td>application_1764000000000_0002</td><td>bob</td></tr></tbody></table>
</body></html>`

let app: FastifyInstance
let token: string

beforeAll(async () => {
  app = await testApp()
  token = await signIn(app, 'admin')
})
afterAll(() => app.close())

const post = (payload: unknown, headers: Record<string, string> = auth(token)) =>
  app.inject({ method: 'POST', url: URL_PATH, headers, payload: payload as object })

describe('POST /ui/export-pdf (E011)', () => {
  it('answers the page as an A3 landscape PDF, date-stamped, holding its title and first rows', async () => {
    const res = await post({ htmlContent: LIST_PAGE, options: { fileName: 'finished_applications' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="finished_applications_2026-11-22_12-00-\d\d\.pdf"$/,
    )
    expect(res.headers['server-timing']).toMatch(/^render;dur=\d+(\.\d)?$/)
    const pages = await pdfPages(res.rawPayload)
    expect(pages).toHaveLength(1)
    // A3 is 420 × 297 mm landscape: 1190.55 × 841.89 points (chromium rounds its paper to 1/100 inch).
    const MM = 72 / 25.4
    expect(Math.abs(pages[0]!.width - 420 * MM)).toBeLessThan(MM)
    expect(Math.abs(pages[0]!.height - 297 * MM)).toBeLessThan(MM)
    expect(pages[0]!.text).toContain('Applications')
    expect(pages[0]!.text).toContain('application_1764000000000_0001')
    expect(pages[0]!.text).toContain('bob')
  })

  it('names the file costlens_export when the page names none, and renders at 1366 by default', async () => {
    const res = await post({ htmlContent: '<p>Report</p>' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/filename="costlens_export_2026-11-22_/)
  })

  it.each([
    ['no htmlContent', { options: { width: 1366 } }, /htmlContent/],
    ['an empty page', { htmlContent: '' }, /htmlContent/],
    ['a width below a phone', { htmlContent: '<p>x</p>', options: { width: 100 } }, /width/],
    ['a width that is not a number', { htmlContent: '<p>x</p>', options: { width: 'wide' } }, /width/],
    ['an unknown option', { htmlContent: '<p>x</p>', options: { landscape: false } }, /landscape|additional/],
    [
      'a file name of 121 characters',
      { htmlContent: '<p>x</p>', options: { fileName: 'x'.repeat(121) } },
      /fileName/,
    ],
  ])('refuses %s with 400 in the error shape', async (_case, payload, message) => {
    const res = await post(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(res.json().message).toMatch(message)
  })

  it('refuses a body over 10 MB with 413, before rendering anything', async () => {
    const res = await post({ htmlContent: 'x'.repeat(EXPORT_PDF_MAX_BYTES + 100 * 1024) })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' })
  })

  it('needs a session: 401 without a token', async () => {
    const res = await post({ htmlContent: LIST_PAGE }, {})
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ statusCode: 401, message: 'Session expired' })
  })

  it('refuses the free plan with 403 (no exports on the free plan, B059)', async () => {
    const res = await post({ htmlContent: LIST_PAGE }, auth(await signIn(app, 'freemium')))
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('Downloads are not included in the free plan. Upgrade to use them.')
  })
})

describe('hostile HTML reaches nothing', () => {
  /** A server on a loopback port that counts every request it gets, as a target an attacker would name. */
  let target: http.Server
  let hits: string[]
  let port: number
  beforeAll(async () => {
    hits = []
    target = http.createServer((request, response) => {
      hits.push(`${request.method} ${request.url}`)
      response.end('SECRET-FROM-LOOPBACK')
    })
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    port = (target.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())))

  it('makes zero outgoing requests and shows no local content, whatever the page tries', async () => {
    const at = (what: string) => `http://127.0.0.1:${port}/${what}`
    const hostile = `<!doctype html><html><head>
      <meta http-equiv="refresh" content="0; url=${at('refresh')}">
      <link rel="prefetch" href="${at('prefetch')}">
      <link rel="preload" href="${at('preload')}" as="image">
      <link rel="dns-prefetch" href="//attacker.example">
      <link rel="stylesheet" href="${at('stylesheet.css')}">
      <style>@import url("${at('import.css')}"); body { background: url("${at('background.png')}") }</style>
      <base href="${at('base/')}">
    </head><body>
      <h1>Hostile page</h1>
      <img src="${at('image.png')}">
      <img src="relative.png">
      <iframe src="file:///etc/passwd"></iframe>
      <iframe src="${at('frame')}"></iframe>
      <object data="file:///etc/hostname"></object>
      <embed src="${at('embed')}">
      <video src="${at('video.mp4')}" autoplay></video>
      <form action="${at('form')}" method="post"><input name="x" value="1"></form>
      <script>
        fetch('${at('fetch')}'); navigator.sendBeacon('${at('beacon')}', 'x');
        new WebSocket('ws://127.0.0.1:${port}/ws'); new Image().src = '${at('script-image')}';
        window.open('${at('popup')}'); location.href = '${at('navigate')}';
      </script>
      <a href="${at('link')}" target="_blank">link</a>
      <img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" alt="inline">
    </body></html>`
    const blockedBefore = app.pdf.blockedRequests
    const res = await post({ htmlContent: hostile })
    expect(res.statusCode).toBe(200)
    // Give any late request (a prefetch after load) time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(hits).toEqual([])
    // The page did try: the renderer refused its requests.
    expect(app.pdf.blockedRequests).toBeGreaterThan(blockedBefore)
    const [page] = await pdfPages(res.rawPayload)
    expect(page!.text).toContain('Hostile page')
    expect(page!.text).not.toContain('SECRET-FROM-LOOPBACK')
    // /etc/passwd's first line and /etc/hostname's name are nowhere in the file.
    expect(page!.text).not.toMatch(/root:.*:0:0/)
  })
})

describe('the PDF service stays up under load and failures', () => {
  it('refuses with 429 and Retry-After once the render queue is full', async () => {
    const busy = await testApp({ pdf: { concurrency: 1, maxWaiting: 1 } })
    try {
      const busyToken = await signIn(busy, 'admin')
      const send = () =>
        busy.inject({
          method: 'POST',
          url: URL_PATH,
          headers: auth(busyToken),
          payload: { htmlContent: LIST_PAGE },
        })
      const answers = await Promise.all([send(), send(), send(), send()])
      const statuses = answers.map((a) => a.statusCode).sort()
      // One renders, one waits for it, the others are told to come back.
      expect(statuses).toEqual([200, 200, 429, 429])
      const refused = answers.find((a) => a.statusCode === 429)!
      expect(refused.headers['retry-after']).toBe('2')
      expect(refused.json().message).toMatch(/Too many PDF exports are being made/)
    } finally {
      await busy.close()
    }
  })

  it('answers 504 with a timeout message when a render takes too long', async () => {
    const slow = await testApp({ pdf: { renderTimeoutMs: 1 } })
    try {
      const slowToken = await signIn(slow, 'admin')
      const res = await slow.inject({
        method: 'POST',
        url: URL_PATH,
        headers: auth(slowToken),
        payload: { htmlContent: LIST_PAGE },
      })
      expect(res.statusCode).toBe(504)
      expect(res.json()).toMatchObject({ statusCode: 504, error: 'Gateway Timeout' })
      expect(res.json().message).toMatch(/longer than .* to render/)
    } finally {
      await slow.close()
    }
  })

  it('starts its browser again after the browser dies, without taking the API down', async () => {
    const first = await post({ htmlContent: LIST_PAGE })
    expect(first.statusCode).toBe(200)
    // Kill the shared browser from outside, as a crash would.
    const browser = await (app.pdf as unknown as { browser: Promise<{ close(): Promise<void> }> }).browser
    await browser.close()
    const again = await post({ htmlContent: LIST_PAGE })
    expect(again.statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/signInMode' })).statusCode).toBe(200)
  })

  it('answers 503 naming the cause when chromium cannot be started', async () => {
    const broken = await testApp({ pdf: { executablePath: '/nonexistent/chromium' } })
    try {
      const res = await broken.inject({
        method: 'POST',
        url: URL_PATH,
        headers: auth(await signIn(broken, 'admin')),
        payload: { htmlContent: LIST_PAGE },
      })
      expect(res.statusCode).toBe(503)
      expect(res.json().message).toMatch(/chromium could not be started at \/nonexistent\/chromium/)
    } finally {
      await broken.close()
    }
  })

  it('limits each user to the configured exports a minute (429 beyond)', async () => {
    const limited = await testApp({ pdf: { perUserPerMinute: 1 } })
    try {
      const limitedToken = await signIn(limited, 'admin')
      const send = () =>
        limited.inject({
          method: 'POST',
          url: URL_PATH,
          headers: auth(limitedToken),
          payload: { htmlContent: '<p>x</p>' },
        })
      expect((await send()).statusCode).toBe(200)
      const second = await send()
      expect(second.statusCode).toBe(429)
      expect(second.json().message).toMatch(/Too many PDF exports\. Try again in/)
    } finally {
      await limited.close()
    }
  })
})

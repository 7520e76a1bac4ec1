import fs from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import { buildApp } from '../simulator/src/app.ts'
import { atMost, type TargetRow } from './targets.ts'

/**
 * Issue 22's export figures, on a running console (the demo scale):
 * - the PDF of built list pages with charts: from the click on 'PDF (this page)' to the file in the
 *   browser, and the server's render (its Server-Timing) of the same page posted 20 times more;
 * - 10,000-row CSV and Excel downloads of the applications list, click to file;
 * and, in this process, the PDF service's memory (this process and its chromium) over 200 renders.
 */
export interface PdfPageFigures {
  route: string
  charts: number
  htmlKb: number
  clickToFileMs: number[]
  /** Server render of each of DIRECT_RENDERS posts, the service warm: its next page ready (a pause before each). */
  renderMs: number[]
  /** The same posts back to back: each also waits for the page the previous render started making. */
  burstRenderMs: number[]
}
export interface LargeFileFigures {
  format: string
  rows: number
  clickToFileMs: number
}
export interface PdfMemoryFigures {
  renders: number
  /** Resident memory of the service (this process and its chromium processes), MB, after each mark. */
  rssMb: { after: number; mb: number }[]
}
export interface ExportFigures {
  pdfPages: PdfPageFigures[]
  largeFiles: LargeFileFigures[]
  memory?: PdfMemoryFigures
}

/** List pages with charts, the first the shape: a list and its charts. */
export const PDF_PAGES = ['/clusters/jobs?dateRangeLabel=1_d', '/clusters/chargeback?dateRangeLabel=7_d']
/** A window of the demo scale's finished applications with more than 10,000 of them. */
const LARGE_LIST = '/jobs/applications?appListType=finished&dateRangeLabel=30_d'
const CLICKS = 5
const DIRECT_RENDERS = 20
const MEMORY_RENDERS = 200
/**
 * The pause before each warm render: the service makes the next render's context and page after each
 * render (about 200 ms); a person's next export comes seconds later, when it is ready.
 */
const WARM_PAUSE_MS = 500

export const median = (values: readonly number[]) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]! : NaN

async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Username').fill('admin')
  await page.getByRole('textbox', { name: 'Password' }).fill('admin')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

/** Opens the page's first download menu and times one format's file, click to download. */
async function timedDownload(page: Page, item: string): Promise<number> {
  await page
    .getByRole('button', { name: /^Download / })
    .first()
    .click()
  const started = Date.now()
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('menuitem', { name: item }).click(),
  ])
  await download.path()
  const ms = Date.now() - started
  // Back to idle before the next: the control shows 'Done' for 2 s.
  await page
    .getByRole('button', { name: /^Download / })
    .first()
    .filter({ hasText: 'Download' })
    .waitFor()
  return ms
}

/** The resident memory of this process and every chromium process it started, MB. */
function serviceRssMb(): number {
  let kb = process.memoryUsage().rss / 1024
  const children = new Map<number, number[]>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      // gone meanwhile
    }
  }
  const descendants = (pid: number): number[] =>
    (children.get(pid) ?? []).flatMap((child) => [child, ...descendants(child)])
  for (const pid of descendants(process.pid)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kb / 1024)
}

/** MEMORY_RENDERS renders of `html` by a PDF service of this process, its memory noted along the way. */
async function pdfMemory(html: string): Promise<PdfMemoryFigures> {
  const app = await buildApp({ dbPath: ':memory:', seed: { scale: 'small' }, logger: false })
  try {
    const rssMb: PdfMemoryFigures['rssMb'] = []
    for (let i = 1; i <= MEMORY_RENDERS; i++) {
      await app.pdf.render(html, 1440)
      if (i === 20 || i % 50 === 0) rssMb.push({ after: i, mb: serviceRssMb() })
    }
    return { renders: MEMORY_RENDERS, rssMb }
  } finally {
    await app.close()
  }
}

export async function measureExports(baseUrl: string, withMemory = true): Promise<ExportFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const figures: ExportFigures = { pdfPages: [], largeFiles: [] }
  let postedHtml = ''
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    })
    const page = await context.newPage()
    await signIn(page, baseUrl)
    const token = await page.evaluate(() => localStorage.getItem('costlens.token') ?? '')
    for (const route of PDF_PAGES) {
      await page.goto(`${baseUrl}${route}`)
      await page.locator('#main .highcharts-container').first().waitFor({ timeout: 30_000 })
      await page.waitForLoadState('networkidle')
      let body = ''
      page.on('request', (request) => {
        if (request.url().endsWith('/ui/export-pdf')) body = request.postData() ?? ''
      })
      const clickToFileMs: number[] = []
      for (let i = 0; i < CLICKS; i++) clickToFileMs.push(await timedDownload(page, 'PDF (this page)'))
      page.removeAllListeners('request')
      const render = async () => {
        const answer = await fetch(`${baseUrl}/ui/export-pdf`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
          body,
        })
        await answer.arrayBuffer()
        return Number(/dur=([\d.]+)/.exec(answer.headers.get('server-timing') ?? '')?.[1] ?? NaN)
      }
      const renderMs: number[] = []
      for (let i = 0; i < DIRECT_RENDERS; i++) {
        await new Promise((resolve) => setTimeout(resolve, WARM_PAUSE_MS))
        renderMs.push(await render())
      }
      const burstRenderMs: number[] = []
      for (let i = 0; i < DIRECT_RENDERS; i++) burstRenderMs.push(await render())
      postedHtml ||= (JSON.parse(body) as { htmlContent: string }).htmlContent
      figures.pdfPages.push({
        route,
        charts: await page.locator('#main .highcharts-container').count(),
        htmlKb: Math.round(body.length / 1024),
        clickToFileMs,
        renderMs,
        burstRenderMs,
      })
    }
    await page.goto(`${baseUrl}${LARGE_LIST}`)
    await page.locator('tbody tr[data-status]').first().waitFor({ timeout: 30_000 })
    const rows = Math.min(
      10_000,
      Number((await page.getByText(/^[\d,]+ records?$/).innerText()).split(' ')[0]!.replace(/,/g, '')),
    )
    for (const [format, item] of [
      ['CSV', 'CSV'],
      ['Excel', 'Excel (xlsx)'],
    ] as const)
      figures.largeFiles.push({ format, rows, clickToFileMs: await timedDownload(page, item) })
  } finally {
    await browser.close()
  }
  if (withMemory && postedHtml) figures.memory = await pdfMemory(postedHtml)
  return figures
}

/** Issue 22's targets: PDF render and click to file, 10,000-row files, memory flat over 200 renders. */
export const EXPORT_TARGETS = {
  renderP50Ms: 500,
  clickToFileMs: 1500,
  largeFileMs: 2000,
  memoryGrowthMb: 100,
} as const

export function exportTargets(figures: ExportFigures | undefined): TargetRow[] {
  const rows: TargetRow[] = []
  for (const page of figures?.pdfPages ?? []) {
    const what = `PDF of ${page.route.split('?')[0]} (${page.charts} chart${page.charts === 1 ? '' : 's'})`
    rows.push(
      atMost(
        `${what}: server render from a warm service, p50 of ${page.renderMs.length} (back to back ${Math.round(median(page.burstRenderMs))} ms)`,
        Math.round(median(page.renderMs)),
        EXPORT_TARGETS.renderP50Ms,
        'ms',
      ),
    )
    rows.push(
      atMost(
        `${what}: click to file, median of ${page.clickToFileMs.length}`,
        median(page.clickToFileMs),
        EXPORT_TARGETS.clickToFileMs,
        'ms',
      ),
    )
  }
  for (const file of figures?.largeFiles ?? [])
    rows.push(
      atMost(
        `${file.rows.toLocaleString('en-US')}-row ${file.format}: click to file`,
        file.clickToFileMs,
        EXPORT_TARGETS.largeFileMs,
        'ms',
      ),
    )
  const memory = figures?.memory?.rssMb
  if (memory?.length) {
    // Flat: from the 20th render (browser and caches warm) to the last, the service grows by at most this.
    const growth = memory.at(-1)!.mb - memory[0]!.mb
    rows.push(
      atMost(
        `PDF service memory, render ${memory[0]!.after} to ${memory.at(-1)!.after} (${memory.map((m) => m.mb).join(', ')} MB)`,
        growth,
        EXPORT_TARGETS.memoryGrowthMb,
        'MB growth',
      ),
    )
  }
  return rows
}

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext } from '@playwright/test'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import type { LighthouseScores } from './lighthouse.ts'

/** The list page the console opens most, as a signed-in user lands on it. */
export const LIST_PAGE = '/jobs/applications'

export interface ListPageFigures {
  /** From a page load of the list's address (a bookmark, a reload) to its first rows, each visit, ms. */
  firstRowsMs: number[]
  medianMs: number
  maxMs: number
  /** From a click on the Jobs tab inside the running console to the list's first rows, ms. */
  inAppMs: number[]
  inAppMedianMs: number
  /** Lighthouse (desktop) on the signed-in list page, when asked. */
  lighthouse?: LighthouseScores
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function signIn(context: BrowserContext, baseUrl: string, user: string) {
  const page = await context.newPage()
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Username').fill(user)
  await page.getByRole('textbox', { name: 'Password' }).fill(user)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  return page
}

/**
 * The built console's application list as a user sees it: the time from navigation until its first
 * rows show, over several visits of different lists, and Lighthouse (desktop) on the signed-in page.
 * One browser profile holds the session for both; Lighthouse is told not to clear it.
 */
export async function measureListPage(
  baseUrl: string,
  user = 'admin',
  visits = 6,
  withLighthouse = true,
): Promise<ListPageFigures> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-bench-'))
  const port = 9300 + Math.floor(Math.random() * 500)
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    viewport: { width: 1440, height: 900 },
  })
  try {
    const page = await signIn(context, baseUrl, user)
    const queries = [
      '',
      '?appListType=running',
      '?appListType=finished&dateRangeLabel=24_h',
      '?dateRangeLabel=7_d',
    ]
    const firstRowsMs: number[] = []
    for (let i = 0; i < visits; i++) {
      const started = Date.now()
      await page.goto(`${baseUrl}${LIST_PAGE}${queries[i % queries.length]}`)
      await page.locator('tbody tr[data-status]').first().waitFor({ state: 'visible', timeout: 30_000 })
      firstRowsMs.push(Date.now() - started)
    }
    // Inside the console: from a page that loads no data (so no slow call of another screen is
    // still running on the server), a click on the Jobs tab, which opens the applications list.
    const inAppMs: number[] = []
    for (let i = 0; i < visits; i++) {
      await page.goto(`${baseUrl}/data/tables`)
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 30_000 })
      const started = Date.now()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click()
      await page.locator('tbody tr[data-status]').first().waitFor({ state: 'visible', timeout: 30_000 })
      inAppMs.push(Date.now() - started)
    }
    const sorted = [...firstRowsMs].sort((a, b) => a - b)
    return {
      firstRowsMs,
      medianMs: median(firstRowsMs),
      maxMs: sorted[sorted.length - 1]!,
      inAppMs,
      inAppMedianMs: median(inAppMs),
      lighthouse: withLighthouse ? await listPageLighthouse(baseUrl, port) : undefined,
    }
  } finally {
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  }
}

/** Lighthouse (desktop) on the signed-in list page, in the browser that holds the session. */
async function listPageLighthouse(baseUrl: string, port: number): Promise<LighthouseScores> {
  const result = await lighthouse(
    `${baseUrl}${LIST_PAGE}`,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    },
    desktopConfig,
  )
  if (!result) throw new Error('Lighthouse returned nothing for the list page')
  const { categories, audits, runtimeError } = result.lhr
  return {
    // Lighthouse's own reason when it could not measure (the scores are then 0), as lighthouse.ts.
    ...(runtimeError ? { error: `${runtimeError.code}: ${runtimeError.message}` } : {}),
    url: `${baseUrl}${LIST_PAGE}`,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
  }
}

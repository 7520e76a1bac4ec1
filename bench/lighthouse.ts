import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts'

export interface LighthouseScores {
  url: string
  performance: number
  accessibility: number
  /** First contentful paint and largest contentful paint, ms. */
  fcpMs: number
  lcpMs: number
  /**
   * Total blocking time, ms: the main thread's long tasks past 50 ms each, what most of a React
   * page's performance score turns on, and less noisy on a loaded machine than the score.
   */
  tbtMs: number
  /** Lighthouse's own error when it could not measure the page (then the scores are 0). */
  error?: string
}

/**
 * Lighthouse (desktop preset) performance and accessibility of a page. A run Lighthouse could not
 * complete (say NO_FCP, when the page did not paint in its fresh browser) is tried once more, and its
 * error is kept in the result rather than passed off as a score of 0.
 */
export async function lighthouseScores(url: string): Promise<LighthouseScores> {
  const first = await lighthouseRun(url)
  return first.error ? lighthouseRun(url) : first
}

async function lighthouseRun(url: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // Lighthouse needs the new headless mode.
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      },
      desktopConfig,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { categories, audits, runtimeError } = result.lhr
    return {
      ...(runtimeError ? { error: `${runtimeError.code}: ${runtimeError.message}` } : {}),
      url,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    }
  } finally {
    chrome.kill()
  }
}

import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/** Budgets of the built console (issue: benchmarks with budgets). */
export const BUNDLE_BUDGETS = {
  /**
   * JavaScript the first page needs before anything lazy: entry plus modulepreloads, gzip. 180 KB
   * (issue 18), so the areas still to come fit: what the sign-in page runs (React, the router, RTK,
   * the theme); the signed-in console, each screen and the toasts' container come as they are used.
   */
  initialJsGzipKb: 180,
} as const

/**
 * Chunks that must never be in the first load: chart libraries, feature screens and the table, the
 * signed-in console (catalogue, shell, screens' loaders: client/src/app/signed-in.tsx) and the
 * toasts' container.
 */
const MUST_BE_LAZY = [/highcharts/i, /-page[-.]/i, /data-table/i, /signed-in/i, /toast-container/i]

export interface ChunkSize {
  file: string
  bytes: number
  gzipBytes: number
  initial: boolean
}

export interface BundleReport {
  chunks: ChunkSize[]
  initialJsGzipKb: number
  budgetKb: number
  withinBudget: boolean
  /** Chunks loaded up front that should be lazy. */
  eagerButShouldBeLazy: string[]
}

/** Sizes of the built console in `dist`: every JS chunk, and which ones the first page loads. */
export function measureBundle(dist: string): BundleReport {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const initialFiles = new Set(
    [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map(
      (m) => m[1]!,
    ),
  )
  const assets = path.join(dist, 'assets')
  const chunks = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const content = fs.readFileSync(path.join(assets, f))
      return {
        file: `assets/${f}`,
        bytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
        initial: initialFiles.has(`assets/${f}`),
      }
    })
    .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzipBytes - a.gzipBytes)
  const initialJsGzipKb =
    Math.round((chunks.filter((c) => c.initial).reduce((n, c) => n + c.gzipBytes, 0) / 1024) * 10) / 10
  return {
    chunks,
    initialJsGzipKb,
    budgetKb: BUNDLE_BUDGETS.initialJsGzipKb,
    withinBudget: initialJsGzipKb <= BUNDLE_BUDGETS.initialJsGzipKb,
    eagerButShouldBeLazy: chunks
      .filter((c) => c.initial && MUST_BE_LAZY.some((re) => re.test(c.file)))
      .map((c) => c.file),
  }
}

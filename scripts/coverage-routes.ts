/**
 * Route coverage: how many spec routes (routes.json rows of kind `route` and `top-level`) the
 * product catalogue holds, by status. `npm run --silent coverage:routes`.
 *
 * stdout: exactly one JSON line, {"total":N,"built":N,"planned":N}, so CI can parse it.
 * stderr: the spec ids missing from the catalogue, when ../shared/spec/routes.json is beside the
 * repo; the product never needs that folder, so without it only the catalogue is counted.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { catalogueEntries, type RouteEntry } from '@costlens/shared'

export interface RouteCoverage {
  total: number
  built: number
  planned: number
}

/** Counts R-ids, not entries: one entry may serve several ids (EMR shares the default pages). */
export function countRoutes(entries: readonly RouteEntry[]): RouteCoverage {
  const status = new Map<string, RouteEntry['status']>()
  for (const e of entries) for (const id of e.specIds) status.set(id, e.status)
  const built = [...status.values()].filter((s) => s === 'built').length
  return { total: status.size, built, planned: status.size - built }
}

/** Spec ids of kind route or top-level that no catalogue entry cites, in spec order. */
export function missingSpecIds(
  entries: readonly RouteEntry[],
  specRows: readonly { id: string; kind: string }[],
): string[] {
  const catalogued = new Set(entries.flatMap((e) => e.specIds))
  return specRows
    .filter((r) => (r.kind === 'route' || r.kind === 'top-level') && !catalogued.has(r.id))
    .map((r) => r.id)
}

/**
 * `../shared/spec/routes.json` relative to the repo root; COSTLENS_SPEC_ROUTES points elsewhere
 * (the test uses it to check the message printed when the spec is absent).
 */
export function specRoutesFile(): string {
  return (
    process.env.COSTLENS_SPEC_ROUTES ??
    fileURLToPath(new URL('../../shared/spec/routes.json', import.meta.url))
  )
}

function main(): void {
  const entries = catalogueEntries()
  process.stdout.write(`${JSON.stringify(countRoutes(entries))}\n`)
  const specFile = specRoutesFile()
  if (!existsSync(specFile)) {
    process.stderr.write(`spec catalogue not present (${specFile}): only the product catalogue was counted\n`)
    return
  }
  const rows = JSON.parse(readFileSync(specFile, 'utf8')) as { id: string; kind: string }[]
  const missing = missingSpecIds(entries, rows)
  process.stderr.write(
    missing.length === 0
      ? 'all spec routes catalogued\n'
      : `missing from the catalogue: ${missing.join(' ')}\n`,
  )
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()

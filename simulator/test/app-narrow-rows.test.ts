import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { rowAsShown } from '../src/db/repositories/app-row-as-shown.ts'
import { isPipelineName } from '../src/db/repositories/pipeline-apps.ts'
import { unifiedSearch } from '../src/db/repositories/unified-search.ts'
import type { AppRow } from '../src/db/seed/applications.ts'
import { TEST_NOW_MS, testApp } from './helper.ts'

/*
 * Issue 18: what an applications row stores narrowly (a top-level app's signature, '0/0/0' task
 * counts, a seeded failure's diagnostics) is shown whole by every reader, and the signature filter
 * finds exactly the apps that show the signature.
 */
let app: AppInstance
let shown: ReturnType<typeof rowAsShown<AppRow & { rid: number }>>[]

beforeAll(async () => {
  app = (await testApp()) as unknown as AppInstance
  shown = (
    app.db.prepare('SELECT rowid AS rid, * FROM applications').all() as (AppRow & { rid: number })[]
  ).map((r) => rowAsShown(r))
})
afterAll(() => app.close())

describe('an app row shown whole', () => {
  it("a top-level app stores no signature: a pipeline run's is its pipeline, any other's its kind and seed sequence", () => {
    const stored = new Map(
      (app.db.prepare('SELECT id, signature, parent_id FROM applications').all() as AppRow[]).map((r) => [
        r.id,
        r,
      ]),
    )
    let yarnChecked = 0
    for (const a of shown) {
      const row = stored.get(a.id)!
      // A child job's, and a Kubernetes Spark application's (its workload's name), are stored.
      if (row.parent_id !== null || a.cluster_type === 'K8S') {
        expect(row.signature, a.id).toBe(a.signature)
        continue
      }
      expect(row.signature, a.id).toBeNull()
      if (isPipelineName(a.name)) expect(a.signature).toBe(a.name)
      else if (a.id.startsWith('application_')) {
        // A YARN id ends with the app's seed sequence.
        expect(a.signature).toBe(`${a.kind}-${Number(a.id.split('_').at(-1)) % 5003}`)
        yarnChecked++
      } else expect(a.signature).toMatch(new RegExp(`^${a.kind}-\\d+$`))
    }
    expect(yarnChecked).toBeGreaterThan(1000)
  })

  it('task counts are never missing: a phase with no task reads 0/0/0', () => {
    const spark = shown.filter((a) => a.kind === 'spark')
    expect(spark.length).toBeGreaterThan(100)
    for (const a of spark) expect([a.map_tasks, a.reduce_tasks]).toEqual(['0/0/0', '0/0/0'])
    for (const a of shown) expect(a.map_tasks).toMatch(/^\d+\/\d+\/\d+$/)
  })
})

describe('the signature filter (E005 body.signature)', () => {
  const pick = (test: (a: (typeof shown)[number]) => boolean) => shown.find(test)!.signature
  it.each([
    ['a pipeline', () => pick((a) => isPipelineName(a.name) && a.signature === a.name)],
    ['a kind and sequence of a top-level app', () => pick((a) => /^spark-\d+$/.test(a.signature))],
    [
      "a child job's own",
      () => shown.find((a) => a.id.includes('_') && a.name.includes('(stage'))!.signature,
    ],
    ['one no app has', () => 'spark-5003'],
    ['one with leading zeros', () => 'mr-01'],
  ])('%s: the apps found are the apps that show it', (_name, signatureOf) => {
    const signature = signatureOf()
    const expected = shown.filter((a) => a.signature === signature).map((a) => a.id)
    const found = unifiedSearch(app.db, { signature, from: 0, size: 100, appStatus: [] }, TEST_NOW_MS)
    expect(found.metadata.totalRecords, signature).toBe(expected.length)
    // Every app found shows it, and all of them when they fit in the page.
    const ids = found.results.map((r) => r.id)
    for (const id of ids) expect(expected).toContain(id)
    if (expected.length <= 100) expect(ids.sort()).toEqual([...expected].sort())
    for (const r of found.results) expect(r.signature).toBe(signature)
  })
})

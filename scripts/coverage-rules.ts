import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { readSpecCatalogue } from './spec-catalogue.ts'

/**
 * npm run --silent coverage:rules [-- --results test-results/vitest.json --results test-results/playwright.json]
 * → {"total":304,"covered":N,"uncovered":[ids…]}
 * A rule is covered when a passing test names its id (B001…B304) in its title or describe block.
 * It reads the JSON reports the test command writes; run `npm test` (or vitest with the json
 * reporter) first.
 */
const { values } = parseArgs({ options: { results: { type: 'string', multiple: true } } })
const reports = values.results ?? ['test-results/vitest.json', 'test-results/playwright.json']

interface VitestReport {
  testResults: { assertionResults: { fullName: string; status: string }[] }[]
}
interface PlaywrightSuite {
  title: string
  specs?: { title: string; ok: boolean }[]
  suites?: PlaywrightSuite[]
}

function passedTitles(file: string): string[] {
  if (!fs.existsSync(file)) {
    process.stderr.write(`no test report at ${file}\n`)
    return []
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VitestReport> & {
    suites?: PlaywrightSuite[]
  }
  if (report.testResults)
    return report.testResults.flatMap((f) =>
      f.assertionResults.filter((a) => a.status === 'passed').map((a) => a.fullName),
    )
  const titles: string[] = []
  const walk = (suite: PlaywrightSuite, prefix: string) => {
    const here = `${prefix} ${suite.title}`
    for (const spec of suite.specs ?? []) if (spec.ok) titles.push(`${here} ${spec.title}`)
    for (const child of suite.suites ?? []) walk(child, here)
  }
  for (const suite of report.suites ?? []) walk(suite, '')
  return titles
}

const covered = new Set(reports.flatMap(passedTitles).flatMap((title) => title.match(/\bB\d{3}\b/g) ?? []))
const catalogue = readSpecCatalogue<{ id: string }[]>('rules.json')
const ids = catalogue?.map((r) => r.id)
process.stdout.write(
  JSON.stringify({
    total: ids?.length ?? null,
    covered: ids ? ids.filter((id) => covered.has(id)).length : covered.size,
    uncovered: ids ? ids.filter((id) => !covered.has(id)) : null,
  }) + '\n',
)

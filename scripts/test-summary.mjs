// Prints one closing line over every runner: "tests: N passed, N failed" (N skipped when any),
// read from the Vitest, Playwright and API contract JSON reports the test command writes.
import fs from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`missing report ${file}`)
    failed += 1
    continue
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  if ('numPassedTests' in report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + (report.numTodoTests ?? 0)
  } else if ('baseUrl' in report && 'results' in report) {
    // The API contract report: one test per operation.
    passed += report.passed
    failed += report.failed
    skipped += report.skipped
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0)
    failed += report.stats.unexpected
    skipped += report.stats.skipped
  }
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)

/**
 * Debian's chromium and the flags TOOLCHAIN.md lists: no sandbox (containers), no GPU, and no
 * background traffic (on a closed network chromium otherwise floods it with refused connections).
 * One definition for the PDF service, the Playwright journeys and the Lighthouse benchmark.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

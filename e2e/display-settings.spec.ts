import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations, signIn } from './helpers.ts'

/**
 * The display settings of the account menu (issue 16): dark mode on a list and on a chart, readable
 * (axe, in dark), and the time zone switching the times a list shows and writing isUTCTime (01 §2.5).
 * The browser runs in India's zone, UTC+5:30 all year, so local and UTC times always differ.
 */
test.use({ timezoneId: 'Asia/Kolkata' })

async function signInAsAdmin(page: Page) {
  await page.goto('/login')
  await signIn(page, 'admin', 'admin')
  await expect(page).not.toHaveURL(/\/login/)
}

async function pickInAccountMenu(page: Page, choice: string | RegExp) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitemradio', { name: choice }).click()
  await page.keyboard.press('Escape')
}

// Each journey signs in through the form (the landing page), then two or three pages and an axe run:
// more than 30 s on CI's two busy cores, beside the axe screens.
test.slow()

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme')
const applications = (page: Page) => page.getByRole('table', { name: /applications$/ })

test('dark mode follows the system until the user picks one, and applies to a list and its charts', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await signInAsAdmin(page)
  await expect.poll(() => scheme(page)).toBe('dark')

  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => scheme(page)).toBe('light')
  await pickInAccountMenu(page, 'Dark')
  await expect.poll(() => scheme(page)).toBe('dark')

  await page.goto('/jobs/applications?dateRangeLabel=7_d')
  await expect(applications(page).locator('tbody tr[data-status]').first()).toBeVisible()
  // The header row is a dark surface, not the light gray of the light scheme.
  const headerBackground = await applications(page)
    .locator('th')
    .first()
    .evaluate((th) => getComputedStyle(th).backgroundColor)
  expect(headerBackground).toBe('rgb(46, 46, 46)')
  expect(await seriousViolations(page)).toEqual([])

  // A chart draws on the dark surface with light text, and a reload keeps the choice.
  await page.reload()
  await page.goto('/clusters/resources')
  const chart = page.getByRole('figure', { name: 'VCores', exact: true })
  await expect(chart.locator('.highcharts-background')).toHaveAttribute('fill', '#242424')
  await expect(chart.locator('.highcharts-title')).toHaveCSS('fill', 'rgb(201, 201, 201)')
})

test('switching to local time changes the times shown and writes isUTCTime, and back', async ({ page }) => {
  await openSignedIn(page, 'admin', '/jobs/applications?dateRangeLabel=7_d')
  const firstRow = applications(page).locator('tbody tr[data-status]').first()
  await expect(firstRow).toBeVisible()
  const headers = await applications(page).locator('thead th').allInnerTexts()
  const startColumn = headers.findIndex((h) => h.startsWith('Start Time'))
  const startCell = firstRow.locator('td').nth(startColumn)
  const utcText = await startCell.innerText()
  expect(utcText).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/)

  await pickInAccountMenu(page, /^Local time \(GMT\+5:30\)$/)
  await expect(page).toHaveURL(/isUTCTime=false/)
  await expect(startCell).not.toHaveText(utcText)
  // The heading says which zone the column's times are in.
  await expect(
    applications(page).getByRole('columnheader', { name: /^Start Time \(GMT\+5:30\)/ }),
  ).toBeVisible()
  const localText = await startCell.innerText()
  const asUtc = (text: string, offsetMinutes: number) => {
    const [date, time] = text.split(' ') as [string, string]
    const [mm, dd, yyyy] = date.split('/').map(Number) as [number, number, number]
    const [h, m, s] = time.split(':').map(Number) as [number, number, number]
    return Date.UTC(yyyy, mm - 1, dd, h, m, s) - offsetMinutes * 60_000
  }
  // The same instant, 5 h 30 m later on the clock.
  expect(asUtc(localText, 330)).toBe(asUtc(utcText, 0))

  // The zone stays in the address on another page, and in the list's own writes.
  await page.getByRole('tab', { name: 'Finished' }).click()
  await expect(page).toHaveURL(/appListType=finished/)
  await expect(page).toHaveURL(/isUTCTime=false/)

  await pickInAccountMenu(page, 'UTC')
  await expect(page).toHaveURL(/isUTCTime=true/)
  await expect(applications(page).getByRole('columnheader', { name: /^Start Time \(UTC\)/ })).toBeVisible()
})

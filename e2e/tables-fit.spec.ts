import { expect, test, type Locator, type Page } from '@playwright/test'
import { openSignedIn } from './helpers.ts'

/**
 * Issue 16 'Tables fit the screen': at 1440×900 and 1280×720 the landed lists show their key
 * columns without a sideways scroll; the row's name stays in view when the user asks for more
 * columns than fit and sorts by one of them; the compare panel never hides the table's last row.
 */

const SCREENS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const

interface List {
  user: string
  path: string
  table: string | RegExp
  /** The headings that must be in view (name/id, status, cost, duration where the list has them). */
  keys: readonly string[]
}

const LISTS: readonly List[] = [
  {
    user: 'admin',
    path: '/jobs/applications?dateRangeLabel=7_d',
    table: 'All applications',
    keys: ['App Name / ID', 'Status', 'Duration', 'Cost'],
  },
  {
    user: 'admin',
    path: '/globalsearch/etl',
    table: 'Matching applications',
    keys: ['App Name / ID', 'Status', 'Duration', 'Cost'],
  },
  {
    user: 'admin',
    path: '/jobs/pipelines?dateRangeLabel=7_d',
    table: 'On-premises pipelines',
    keys: ['Pipeline Name', 'Status', 'Duration trend'],
  },
  {
    user: 'snowflake',
    path: '/query/list?dateRangeLabel=7_d',
    table: /queries$/,
    keys: ['Query', 'Status', 'Cost (USD)', 'Duration'],
  },
  {
    user: 'snowflake',
    path: '/warehouse/list?dateRangeLabel=7_d',
    table: 'Warehouses',
    keys: ['Warehouse', 'State', 'Cost (USD)'],
  },
]

async function open(page: Page, user: string, path: string) {
  await openSignedIn(page, user, path)
}

/** How far the table's rows reach past its box, in px (0: no sideways scroll). */
const overflow = (table: Locator) =>
  table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)

/** Whether a heading lies wholly inside the table's box, as the user sees it now. */
const inView = (table: Locator, title: string) =>
  table.evaluate((t, title) => {
    const box = t.parentElement!.getBoundingClientRect()
    const heading = Array.from(t.querySelectorAll('thead th')).find((h) => h.textContent?.trim() === title)
    if (!heading) return false
    const r = heading.getBoundingClientRect()
    return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1
  }, title)

/**
 * Checks every table of `lists` (all on the page open now) at each screen size in turn, resizing the
 * one page: a page load per list and size cost more than the checks. The layout follows a resize
 * (expect.poll waits for it), so each size is checked as if the list had been opened at it.
 */
async function expectFitAtEveryScreen(page: Page, lists: readonly List[]) {
  for (const screen of SCREENS) {
    await test.step(`at ${screen.width}×${screen.height}`, async () => {
      await page.setViewportSize(screen)
      for (const list of lists) {
        const table = page.getByRole('table', { name: list.table })
        // Every list's rows carry an aria-selected state (pipelines and warehouses have no status).
        await expect(table.locator('tbody tr[aria-selected]').first()).toBeVisible()
        await expect.poll(() => overflow(table), `${String(list.table)} overflow`).toBeLessThanOrEqual(0)
        // Polled too: right after a resize the columns may still be settling into the new width.
        for (const key of list.keys) await expect.poll(() => inView(table, key), key).toBe(true)
      }
    })
  }
}

const sizes = SCREENS.map((s) => `${s.width}×${s.height}`).join(' and ')

for (const list of LISTS) {
  test(`${list.path} fits at ${sizes}: no sideways scroll, ${list.keys.join(', ')} in view`, async ({
    page,
  }) => {
    await open(page, list.user, list.path)
    await expectFitAtEveryScreen(page, [list])
  })
}

test.describe('at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } })

  test('more columns than fit: the table scrolls sideways, and sorting keeps the query in view', async ({
    page,
  }) => {
    await open(page, 'snowflake', '/query/list?dateRangeLabel=7_d')
    const table = page.getByRole('table', { name: /queries$/ })
    await expect(table.locator('tbody tr[data-status]').first()).toBeVisible()
    await page.getByRole('button', { name: /Choose the columns of/ }).click()
    const chooser = page.getByRole('group', { name: /Columns of/ })
    const warehouse = chooser.getByRole('checkbox', { name: 'Warehouse', exact: true })
    await expect(warehouse).not.toBeChecked()
    await warehouse.check()
    await page.keyboard.press('Escape')
    await expect.poll(() => overflow(table)).toBeGreaterThan(0)

    // Scrolled to its far end and sorted by the last column, the query column is still there.
    await table.evaluate((t) => t.parentElement!.scrollTo({ left: t.parentElement!.scrollWidth }))
    await table
      .getByRole('columnheader', { name: /Warehouse/ })
      .getByRole('button')
      .click()
    await expect(page).toHaveURL(/[?&]s=warehouse/)
    expect(await inView(table, 'Query')).toBe(true)
    expect(await inView(table, 'Warehouse')).toBe(true)

    // The choice is kept for the next visit; Reset gives the default columns again.
    await page.reload()
    await expect(table.locator('tbody tr[data-status]').first()).toBeVisible()
    await expect.poll(() => inView(table, 'Query')).toBe(true)
    await page.getByRole('button', { name: /Choose the columns of/ }).click()
    await expect(chooser.getByRole('checkbox', { name: 'Warehouse', exact: true })).toBeChecked()
    await page.getByRole('button', { name: /Reset the columns of/ }).click()
    await page.keyboard.press('Escape')
    await expect.poll(() => overflow(table)).toBeLessThanOrEqual(0)
  })

  test('the compare panel never covers the last row of the list', async ({ page }) => {
    await open(page, 'snowflake', '/query/list?dateRangeLabel=7_d')
    const table = page.getByRole('table', { name: /queries$/ })
    const rows = table.locator('tbody tr[data-status]')
    await expect(rows.first()).toBeVisible()
    await rows.nth(0).getByRole('checkbox').check()
    await rows.nth(1).getByRole('checkbox').check()
    const panel = page.getByRole('complementary', { name: 'Compare Queries' })
    await expect(panel).toBeVisible()
    await page.mouse.move(10, 10)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const last = await rows.last().boundingBox()
    const pager = await page.getByRole('button', { name: 'Next page' }).boundingBox()
    const box = await panel.boundingBox()
    expect(last!.y + last!.height).toBeLessThanOrEqual(box!.y)
    expect(pager!.y + pager!.height).toBeLessThanOrEqual(box!.y)
  })
})

/**
 * The chargeback tables (issue 16): the Yarn flavour's usage by group and its finished apps, and
 * the EMR flavour's clusters, with the group (or cluster), its cost and its share in view.
 */
const CHARGEBACK_TABLES: readonly List[] = [
  {
    user: 'admin',
    path: '/clusters/chargeback',
    table: 'Chargeback by Application type',
    keys: ['Application type', 'App count', 'CPU hours', 'CPU %', 'Cost'],
  },
  {
    user: 'admin',
    path: '/clusters/chargeback',
    table: 'Finished apps',
    keys: ['App Name / ID', 'Status', 'Memory (GB·hours)', 'CPU (vcore·hours)'],
  },
  {
    user: 'emr',
    path: '/cost/chargeback',
    table: 'Chargeback by cluster',
    keys: ['Cluster ID', 'Cluster name', 'Total (USD)', 'Share of total'],
  },
]

/** One page per address: the Yarn flavour's two tables are checked on the same page load. */
const CHARGEBACK_PAGES = [...new Set(CHARGEBACK_TABLES.map((list) => list.path))]

for (const path of CHARGEBACK_PAGES) {
  const lists = CHARGEBACK_TABLES.filter((list) => list.path === path)
  const title = lists
    .map((list) => `'${String(list.table)}' fits: ${list.keys.join(', ')} in view`)
    .join('; ')
  test(`chargeback ${path} at ${sizes}: ${title}`, async ({ page }) => {
    await open(page, lists[0]!.user, path)
    await expectFitAtEveryScreen(page, lists)
  })
}

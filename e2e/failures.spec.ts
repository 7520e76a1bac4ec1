import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { apiToken, signIn } from './helpers.ts'

/**
 * How the console shows a failing backend (01 §8), with faults injected through the simulator's
 * /__sim controls on a real screen: the Snowflake API docs page, which loads /openapi.json.
 */

async function injectFault(request: APIRequestContext, fault: object) {
  const token = await apiToken(request, 'snowflake')
  const res = await request.post('/__sim/faults', { data: fault, headers: { authorization: `JWT ${token}` } })
  expect(res.status()).toBe(201)
}

async function openApiDocs(page: Page) {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).toHaveURL('/home')
  await page.goto('/api_docs')
}

test.afterEach(async ({ request }) => {
  const token = await apiToken(request, 'snowflake')
  await request.delete('/__sim/faults', { headers: { authorization: `JWT ${token}` } })
})

test('a 500 without a message shows the status text on the screen (B287, M001)', async ({
  page,
  request,
}) => {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).toHaveURL('/home')
  await injectFault(request, { route: '/openapi.json', status: 500 })
  await page.goto('/api_docs')
  await expect(page.getByRole('alert')).toContainText(
    'The API document could not be loaded: Internal Server Error',
  )
  await expect(page).toHaveURL('/api_docs')
})

test('a 504 shows Timeout (B287, M004)', async ({ page, request }) => {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).toHaveURL('/home')
  await injectFault(request, { route: '/openapi.json', status: 504 })
  await page.goto('/api_docs')
  await expect(page.getByRole('alert')).toContainText('The API document could not be loaded: Timeout')
})

test("a server's own message is shown as it is (B287)", async ({ page, request }) => {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).toHaveURL('/home')
  await injectFault(request, {
    route: '/openapi.json',
    status: 500,
    body: { message: 'Index rebuilding, try shortly' },
  })
  await page.goto('/api_docs')
  await expect(page.getByRole('alert')).toContainText('Index rebuilding, try shortly')
})

test('a 401 on any call signs the user out to the login page (B002, B003)', async ({ page, request }) => {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).toHaveURL('/home')
  await injectFault(request, { route: '/openapi.json', status: 401 })
  await page.goto('/api_docs')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('costlens.token'))).toBeNull()
})

test('with the global error toast turned on, a failing call is toasted with its URL (B282, M019, C25)', async ({
  page,
  request,
}) => {
  await openApiDocs(page)
  await expect(page.getByRole('heading', { name: 'API documentation' })).toBeVisible()
  await page.evaluate(() => localStorage.setItem('costlens.globalErrorToasts', 'on'))
  await injectFault(request, { route: '/openapi.json', status: 500 })
  await page.reload()
  await expect(page.getByText('Request to /openapi.json failed: Internal Server Error.')).toBeVisible()
})

test('a slow answer shows the loader, then the page (latency injection)', async ({ page, request }) => {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).toHaveURL('/home')
  await injectFault(request, { route: '/openapi.json', delayMs: 1500 })
  await page.goto('/api_docs')
  await expect(page.getByLabel('Loading the API document')).toBeVisible()
  await expect(page.getByRole('table', { name: 'auth operations' })).toBeVisible({ timeout: 10_000 })
})

test('an admin injects a fault from the simulator controls page and sees it on a screen', async ({
  page,
}) => {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).toHaveURL('/home')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Simulator controls' }).click()
  await expect(page).toHaveURL('/simulator')
  await page.getByRole('textbox', { name: /Route pattern/ }).fill('/openapi.json')
  await page.getByRole('combobox', { name: 'Answer with' }).click()
  await page.getByRole('option', { name: '504' }).click()
  await page.getByRole('button', { name: 'Add fault' }).click()
  const faults = page.getByRole('table', { name: 'Active faults' })
  await expect(faults).toContainText('/openapi.json')
  await page.goto('/api_docs')
  await expect(page.getByRole('alert').first()).toContainText('The API document could not be loaded: Timeout')
  await page.goto('/simulator')
  await page.getByRole('button', { name: 'Remove the fault on /openapi.json' }).click()
  await expect(page.getByText('No faults: every request gets its real answer.')).toBeVisible()
})

test('the simulator controls are not offered to a user who is not an admin', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, 'analyst', 'analyst')
  await expect(page).not.toHaveURL(/\/login/)
  await page.getByRole('button', { name: /account menu/i }).click()
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Simulator controls' })).toHaveCount(0)
  await page.goto('/simulator')
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible()
})

import { expect, test, type Page } from '@playwright/test'
import { PERSONAS, findPersona, type Persona } from '../fixtures/personas.ts'
import { expectedNavigation, mainNavigation, navigateInApp, openSignedIn, signIn } from './helpers.ts'

/**
 * The personas sign in one after another in one page, logging out between them: each still goes
 * through the form from the console's root and lands on its own route with exactly its own tabs,
 * but the console starts once per group instead of once per persona (a new page load each cost
 * more than the sign-in itself). Groups of five keep both workers busy.
 */
const GROUP_SIZE = 5
const GROUPS = Array.from({ length: Math.ceil(PERSONAS.length / GROUP_SIZE) }, (_, i) =>
  PERSONAS.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE),
)

async function signInAndCheckNavigation(page: Page, persona: Persona) {
  const { landing, tabTitles } = expectedNavigation(persona)
  await expect(page).toHaveURL(/\/login$/)
  await signIn(page, persona.username, persona.password)
  await expect(page).toHaveURL((url) => url.pathname === landing)
  const nav = mainNavigation(page)
  for (const title of tabTitles)
    await expect(nav.getByRole('link', { name: title, exact: true })).toBeVisible()
  await expect(nav.getByRole('link')).toHaveCount(tabTitles.length)
  await expect(page).toHaveTitle(/\| costlens$/)
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login/)
}

test.describe('every persona signs in and lands on its own landing route with its own tabs (B022, B028, 01 §6)', () => {
  for (const group of GROUPS) {
    const nameOf = (p: Persona) => `${p.username} (${p.clusterType}, ${p.role})`
    test(group.map(nameOf).join(', '), async ({ page }) => {
      // Up to five sign-ins, each landing on a screen of charts: more than one default budget.
      test.slow()
      await page.goto('/')
      for (const [i, persona] of group.entries()) {
        await test.step(nameOf(persona), async () => {
          if (i > 0) {
            // Logged out at the last persona's landing; the root sends a visitor to the bare login
            // page (a redirectFrom would send the next persona to the last one's landing).
            await logOut(page)
            await navigateInApp(page, '/')
          }
          await signInAndCheckNavigation(page, persona)
        })
      }
    })
  }
})

test('a deep link opened while logged out returns to that link after sign-in (B023)', async ({ page }) => {
  const analyst = findPersona('analyst')!
  await page.goto('/jobs/applications?appListType=running&user=bob')
  await expect(page).toHaveURL(
    '/login?redirectFrom=' + encodeURIComponent('/jobs/applications?appListType=running&user=bob'),
  )
  await signIn(page, analyst.username, analyst.password)
  await expect(page).toHaveURL('/jobs/applications?appListType=running&user=bob')
})

test('a wrong password shows the sign-in failure text and stays on the login page (B014)', async ({
  page,
}) => {
  await page.goto('/login')
  await signIn(page, 'admin', 'not-the-password')
  await expect(page.getByText('There was an error logging in to your account.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

// The next three start signed in (openSignedIn): the form is not their subject, only their set-up.

test('logout returns to the login page and the console stays closed (B002)', async ({ page }) => {
  await openSignedIn(page, 'admin', '/clusters/overview')
  await logOut(page)
  await page.goto('/clusters/overview')
  await expect(page).toHaveURL(/\/login\?redirectFrom=/)
})

test('an unknown path shows the not-found page to a signed-in user (B024)', async ({ page }) => {
  await openSignedIn(page, 'admin', '/no/such/page')
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible()
})

test('pages under no tab are reached from the account menu: Snowflake API docs (R149)', async ({ page }) => {
  await openSignedIn(page, 'snowflake', '/home')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'API Docs' }).click()
  await expect(page).toHaveURL('/api_docs')
  await expect(page.getByRole('heading', { name: 'API documentation' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'auth operations' })).toContainText('/api/v1/webSignIn')
})

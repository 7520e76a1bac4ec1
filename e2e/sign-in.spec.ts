import { expect, test } from '@playwright/test'
import { PERSONAS, findPersona } from '../fixtures/personas.ts'
import { expectedNavigation, mainNavigation, signIn } from './helpers.ts'

test.describe('every persona signs in and lands on its own landing route with its own tabs (B022, B028, 01 §6)', () => {
  for (const persona of PERSONAS) {
    test(`${persona.username} (${persona.clusterType}, ${persona.role})`, async ({ page }) => {
      const { landing, tabTitles } = expectedNavigation(persona)
      await page.goto('/')
      await expect(page).toHaveURL(/\/login$/)
      await signIn(page, persona.username, persona.password)
      await expect(page).toHaveURL((url) => url.pathname === landing)
      const nav = mainNavigation(page)
      for (const title of tabTitles)
        await expect(nav.getByRole('link', { name: title, exact: true })).toBeVisible()
      await expect(nav.getByRole('link')).toHaveCount(tabTitles.length)
      await expect(page).toHaveTitle(/\| costlens$/)
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

test('logout returns to the login page and the console stays closed (B002)', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, 'admin', 'admin')
  await expect(page).toHaveURL('/clusters/overview')
  await page.getByRole('button', { name: /account menu/i }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/clusters/overview')
  await expect(page).toHaveURL(/\/login\?redirectFrom=/)
})

test('an unknown path shows the not-found page to a signed-in user (B024)', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, 'admin', 'admin')
  await expect(page).toHaveURL('/clusters/overview')
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible()
})

test('pages under no tab are reached from the account menu: Snowflake API docs (R149)', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).toHaveURL('/home')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'API Docs' }).click()
  await expect(page).toHaveURL('/api_docs')
  await expect(page.getByRole('heading', { name: 'API documentation' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'auth operations' })).toContainText('/api/v1/webSignIn')
})

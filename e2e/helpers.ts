import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { buildRouteConfig } from '@costlens/shared'
import { personaAccess, type Persona } from '../fixtures/personas.ts'

/** What the navigation must show a persona: computed by the shared rule the console itself uses. */
export function expectedNavigation(persona: Persona) {
  const config = buildRouteConfig(personaAccess(persona))
  return { landing: config.landing, tabTitles: config.tabs.map((t) => t.title) }
}

export async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username)
  await page.getByRole('textbox', { name: 'Password' }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** A token of `user` (whose password is the name) from the sign-in call, as the API answers it. */
export async function apiToken(request: APIRequestContext, user: string): Promise<string> {
  const res = await request.post('/api/v1/webSignIn', { data: { username: user, password: user } })
  expect(res.ok(), `sign-in of ${user}`).toBe(true)
  return ((await res.json()) as { token: string }).token
}

/** Where the console keeps its token (client/src/app/session-storage.ts; a journey fails if they part). */
const TOKEN_KEY = 'costlens.token'

/** Tokens signed in for this worker, by server and user: a journey's sign-in is not its subject. */
const workerTokens = new Map<string, Promise<string>>()

/**
 * Opens `path` signed in as `user` (whose password is the name), without the sign-in form: a token
 * of the sign-in call (one per user and server for the worker; the server revokes none) goes where
 * the console keeps it, before the console's first script runs. The form and the landing page are
 * the subject of sign-in.spec.ts; in every other journey they only cost page loads.
 */
export async function openSignedIn(page: Page, user: string, path: string) {
  const server = String(test.info().project.use.baseURL)
  const key = `${server} ${user}`
  if (!workerTokens.has(key)) workerTokens.set(key, apiToken(page.request, user))
  const token = await workerTokens.get(key)!
  // Written once per token and tab (sessionStorage keeps the mark across reloads), so a journey that
  // signs out or signs in as someone else is not signed back in by its next page load.
  await page.addInitScript(
    ([tokenKey, value]) => {
      const mark = `e2e.token-written.${value}`
      try {
        if (sessionStorage.getItem(mark)) return
        sessionStorage.setItem(mark, '1')
        localStorage.setItem(tokenKey, value)
      } catch {
        // about:blank has no storage; the console's own origin does.
      }
    },
    [TOKEN_KEY, token] as const,
  )
  await page.goto(path)
  await expect(page).not.toHaveURL(/\/login/)
}

/**
 * Sorts a list by a column, largest first, through its header button. A column's first click sorts
 * it one way or the other (each has its own first order): the address says which once it shows the
 * click (reading it straight after the click raced the router), and a second click turns it round.
 * `param` is the address's sort key and column, e.g. `sort=cost`.
 */
export async function sortDescending(page: Page, header: Locator, param: string) {
  await header.click()
  await expect(page).toHaveURL(new RegExp(`${param}-(asc|desc)`))
  // The second click can land while the table redraws for the first answer and be lost (a CI run
  // stayed on -asc): click again until the address turns round.
  const descending = new RegExp(`${param}-desc`)
  await expect(async () => {
    if (!descending.test(page.url())) await header.click()
    await expect(page).toHaveURL(descending, { timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
}

/**
 * Goes to `path` the way the console's own links do (the router follows the history), without a page
 * load: a journey that visits many screens in one page pays the console's start-up once, not per screen.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, path)
}

export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main' })
}

export async function expectSignedInAt(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname + url.search === path)
}

/**
 * axe's serious and critical violations of the WCAG 2.1 AA rules on the page as it stands.
 *
 * Run in the page itself (legacy mode) and gathering only violations: the default run finishes in
 * a second, blank page into which the whole result is copied, passes included, with every node's
 * markup. Measured on the cluster resources page: 7-8 s that way, 1.5 s this way, same violations.
 * The console has no frames, the one thing the default run adds.
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
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

export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main' })
}

export async function expectSignedInAt(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname + url.search === path)
}

/** axe's serious and critical violations of the WCAG 2.1 AA rules on the page as it stands. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

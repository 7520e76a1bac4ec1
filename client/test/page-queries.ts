import { screen, waitFor, within, type ByRoleOptions, type waitForOptions } from '@testing-library/react'

/*
 * Quick queries for the pages' tests (Kafka, the Elastic pages). A role query with a name computes
 * the accessible name of every element of its role in the page, seconds on a page of tables and
 * charts; these find the element by its label and then look only inside it.
 */

const slow = { timeout: 8_000 }

/**
 * Waits until a table's rows have arrived: the kit's DataTable shows itself busy (aria-busy) and
 * empty while its data loads, so a table found is not yet a table filled, and a test that read its
 * rows at once failed on a slow machine (fresh-clone CI runs, issue 22 and 18 notes).
 */
export async function settled(table: HTMLElement, options?: waitForOptions): Promise<HTMLElement> {
  await waitFor(() => {
    if (table.getAttribute('aria-busy') === 'true') throw new Error('the table is still loading')
  }, options ?? slow)
  return table
}

/** The table found as findByRole('table', options) finds it, once its rows have arrived. */
export async function findSettledTable(options?: ByRoleOptions, wait?: waitForOptions): Promise<HTMLElement> {
  return settled(await screen.findByRole('table', options, wait ?? slow), wait)
}

/** The data rows (not the header) of the table of that name, once they show. */
export async function rowsOf(name: string): Promise<HTMLElement[]> {
  const table = await settled(await screen.findByLabelText(name, { selector: 'table' }, slow))
  return within(table).getAllByRole('row').slice(1)
}

/** The KPI row's figures as their text (label then value), e.g. 'Topics42', once the row shows. */
export async function figures(): Promise<string[]> {
  const list = await screen.findByLabelText('Key figures', { selector: '[role="list"]' }, slow)
  return [...list.querySelectorAll('[role="listitem"]')].map((item) => item.textContent ?? '')
}

/** A chart of that title, once it shows. */
export const findChart = (title: string) => screen.findByLabelText(title, { selector: 'figure' }, slow)

/** The page's title, once it shows. */
export const findTitle = (title: string) => screen.findByText(title, { selector: 'h1' }, slow)

/** Picks `option` in the select labelled `label` (Mantine's combobox). */
export async function choose(user: { click: (e: Element) => Promise<void> }, label: string, option: string) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }))
  await user.click(await screen.findByText(option, { selector: '[role="option"], [role="option"] *' }))
}

import { screen, within } from '@testing-library/react'

/*
 * Quick queries for the pages' tests (Kafka, the Elastic pages). A role query with a name computes
 * the accessible name of every element of its role in the page, seconds on a page of tables and
 * charts; these find the element by its label and then look only inside it.
 */

const slow = { timeout: 8_000 }

/** The data rows (not the header) of the table of that name, once it shows. */
export async function rowsOf(name: string): Promise<HTMLElement[]> {
  const table = await screen.findByLabelText(name, { selector: 'table' }, slow)
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

import { afterEach, describe, expect, it } from 'vitest'
import { EXPORT_SKIP_ATTRIBUTE, pageHtml, whenDrawn } from './page-html.ts'

afterEach(() => {
  document.body.innerHTML = ''
  document.head.querySelectorAll('style[data-test]').forEach((s) => s.remove())
})

function mount(html: string): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = html
  document.body.append(root)
  return root
}

describe('pageHtml: a part of the console as one self-contained document (E011)', () => {
  it("carries the page's own style rules, its title and the charts' SVG as drawn", () => {
    const style = document.createElement('style')
    style.dataset.test = ''
    style.textContent =
      '.kpi { color: rgb(1, 2, 3) } .unused-widget { color: red } @media (min-width: 1px) { h1:hover { color: blue } .nowhere { color: red } }'
    document.head.append(style)
    const root = mount(
      '<h1 class="kpi">Cost trends</h1><div class="highcharts-container"><svg><path d="M0 0 L10 10"></path></svg></div>',
    )
    const html = pageHtml(root, 'Cost <trends>')
    expect(html).toMatch(/^<!doctype html><html/)
    expect(html).toContain('<title>Cost &lt;trends&gt;</title>')
    expect(html).toContain('.kpi { color: rgb(1, 2, 3); }')
    // Only the rules that can apply: a rule no element takes is left out, a used one kept in its @media.
    expect(html).not.toContain('unused-widget')
    expect(html).not.toContain('.nowhere')
    expect(html).toMatch(/@media \(min-width: 1px\) ?\{h1:hover \{ color: blue; \}\}/)
    expect(html).toContain('<path d="M0 0 L10 10"></path>')
    expect(html).toContain('<h1 class="kpi">Cost trends</h1>')
  })

  it('writes what the user typed and chose, and leaves out scripts and the export controls', () => {
    const root = mount(
      `<input aria-label="User" value=""><input type="checkbox" aria-label="Running">
       <select aria-label="Status"><option>Failed</option><option>Finished</option></select>
       <button ${EXPORT_SKIP_ATTRIBUTE}>Download</button><script>alert(1)</script>`,
    )
    ;(root.querySelector('input') as HTMLInputElement).value = 'alice'
    ;(root.querySelector('input[type=checkbox]') as HTMLInputElement).checked = true
    ;(root.querySelector('select') as HTMLSelectElement).selectedIndex = 1
    const html = pageHtml(root, 'Applications')
    expect(html).toContain('value="alice"')
    expect(html).toMatch(/type="checkbox"[^>]*checked/)
    expect(html).toMatch(/<option selected="">Finished<\/option>/)
    expect(html).not.toContain('Download')
    expect(html).not.toContain('alert(1)')
  })

  it('drops an image it cannot inline rather than leave a link the renderer would refuse', () => {
    const root = mount('<img alt="logo" src="https://cdn.example.com/logo.png"><p>Report</p>')
    expect(pageHtml(root, 'x')).not.toContain('cdn.example.com')
  })
})

describe('whenDrawn', () => {
  it('waits while a part of the page is busy, and resolves once it is done', async () => {
    const root = mount('<div aria-busy="true">Loading</div>')
    let drawn = false
    const waiting = whenDrawn(root, 5000, 50).then(() => (drawn = true))
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(drawn).toBe(false)
    root.querySelector('div')!.setAttribute('aria-busy', 'false')
    await waiting
    expect(drawn).toBe(true)
  })

  it('gives up waiting at the upper bound when the page never settles', async () => {
    const root = mount('<div class="mantine-Loader-root"></div>')
    await whenDrawn(root, 200, 50)
    expect(root.querySelector('.mantine-Loader-root')).not.toBeNull()
  })
})

describe('whenDrawn and the export controls', () => {
  it('does not wait for the busy control that is exporting (it is left out of the file)', async () => {
    const root = mount(`<button aria-busy="true" ${EXPORT_SKIP_ATTRIBUTE}>downloading</button><p>Rows</p>`)
    const started = Date.now()
    await whenDrawn(root, 5000, 50)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})

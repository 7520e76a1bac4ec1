/**
 * A part of the console as one self-contained HTML document, for the PDF service (E011): the
 * renderer loads nothing but `data:` URLs and runs no script, so everything the page needs to look
 * as it does on screen goes in the document itself.
 * - Styles: the rules of the page's own style sheets (Mantine's, the console's, the CSS variables
 *   of the theme) that can apply to its elements, inlined in one <style>; a sheet another origin
 *   serves cannot be read and is left out (the console loads none).
 * - Charts: Highcharts draws SVG into the page, so a chart is copied as the SVG on screen.
 * - Images: a same-origin image already loaded is inlined as a PNG data URL; any other is dropped
 *   (the renderer would refuse it anyway).
 * - Form fields: what is typed or chosen, not the markup's default.
 * - Left out: scripts and anything marked `data-export-skip` (the export and print controls).
 */

/** An element marked with this attribute is left out of exports and printing. */
export const EXPORT_SKIP_ATTRIBUTE = 'data-export-skip'

/** Pseudo-classes and pseudo-elements, with their arguments: what a live query cannot match. */
const PSEUDO = /::?[\w-]+(\([^)]*\))?/g

/**
 * Whether any element of the page can take the rule: a selector with its pseudo-classes and
 * pseudo-elements removed (so broader, never narrower) matches an element of the document. A
 * selector the query refuses is kept.
 */
function selectorUsed(selectorText: string, doc: Document): boolean {
  return selectorText.split(',').some((selector) => {
    try {
      return doc.querySelector(selector.replace(PSEUDO, '').trim() || '*') !== null
    } catch {
      return true
    }
  })
}

/** A rule's text if it can apply to the page (a group, @media or @supports, with its used rules only). */
function usedRuleText(rule: CSSRule, doc: Document): string | null {
  if ('selectorText' in rule) return selectorUsed(String(rule.selectorText), doc) ? rule.cssText : null
  if ('cssRules' in rule && 'conditionText' in rule) {
    const inner = Array.from(rule.cssRules as CSSRuleList)
      .map((child) => usedRuleText(child, doc))
      .filter((text): text is string => text !== null)
    return inner.length ? `${rule.cssText.slice(0, rule.cssText.indexOf('{'))}{${inner.join('\n')}}` : null
  }
  return rule.cssText // @font-face, @keyframes, @layer and the like: kept whole
}

/**
 * The text of the rules of the document's readable style sheets that can apply to its elements:
 * the console's sheets hold every component's rules (about 320 KB), a page uses a fifth of them, and
 * the PDF service parses and lays out the rest for nothing.
 */
export function documentCss(doc: Document): string {
  const parts: string[] = []
  for (const sheet of Array.from(doc.styleSheets)) {
    let rules: CSSRuleList
    try {
      rules = sheet.cssRules
    } catch {
      continue // another origin's sheet: its rules cannot be read
    }
    for (const rule of Array.from(rules)) {
      const text = usedRuleText(rule, doc)
      if (text !== null) parts.push(text)
    }
  }
  return parts.join('\n')
}

/** Text as HTML writes it in content and in double-quoted attributes. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/** The attributes of an element as HTML (`name="value" …`), for the document's <html> and <body>. */
const attributesOf = (element: Element) =>
  Array.from(element.attributes)
    .map((a) => `${a.name}="${escapeHtml(a.value)}"`)
    .join(' ')

/** Writes what the user typed or chose into the copy's markup (cloneNode copies only the defaults). */
function copyFormState(source: Element, copy: Element) {
  const fields = source.querySelectorAll('input, textarea, select')
  const copies = copy.querySelectorAll('input, textarea, select')
  fields.forEach((field, index) => {
    const target = copies[index]
    if (!target) return
    if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio')
        target.toggleAttribute('checked', field.checked)
      else target.setAttribute('value', field.value)
    } else if (field instanceof HTMLTextAreaElement) target.textContent = field.value
    else if (field instanceof HTMLSelectElement)
      Array.from((target as HTMLSelectElement).options).forEach((option, i) =>
        option.toggleAttribute('selected', field.options[i]?.selected ?? false),
      )
  })
}

/** Inlines the copy's same-origin loaded images as data URLs and drops the others. */
function inlineImages(source: Element, copy: Element) {
  const images = source.querySelectorAll('img')
  const copies = copy.querySelectorAll('img')
  images.forEach((image, index) => {
    const target = copies[index]
    if (!target || image.src.startsWith('data:')) return
    try {
      const canvas = image.ownerDocument.createElement('canvas')
      canvas.width = image.naturalWidth
      canvas.height = image.naturalHeight
      const context = canvas.getContext('2d')
      if (!context || !image.complete || !canvas.width) throw new Error('not drawable')
      context.drawImage(image, 0, 0)
      target.setAttribute('src', canvas.toDataURL('image/png'))
      target.removeAttribute('srcset')
    } catch {
      target.remove() // not loaded, or another origin's (a tainted canvas)
    }
  })
}

/**
 * Gives the copy of each box that scrolls on screen the height it has on screen, clipped: printed,
 * a scroll box (a filter's long list of values) otherwise spills over what follows it.
 */
function freezeScrollBoxes(source: Element, copy: Element) {
  const sources = [source, ...Array.from(source.querySelectorAll('*'))]
  const copies = [copy, ...Array.from(copy.querySelectorAll('*'))]
  const view = source.ownerDocument.defaultView
  sources.forEach((element, index) => {
    if (!(element instanceof HTMLElement) || element.scrollHeight <= element.clientHeight + 1) return
    const overflow = view?.getComputedStyle(element).overflowY
    if (overflow !== 'auto' && overflow !== 'scroll') return
    const target = copies[index] as HTMLElement | undefined
    target?.style.setProperty('height', `${element.clientHeight}px`)
    target?.style.setProperty('max-height', `${element.clientHeight}px`)
    target?.style.setProperty('overflow', 'hidden')
  })
}

/** `root` (and its page's styles) as one HTML document titled `title`. */
export function pageHtml(root: Element, title: string): string {
  const doc = root.ownerDocument
  const copy = root.cloneNode(true) as Element
  copyFormState(root, copy)
  inlineImages(root, copy)
  freezeScrollBoxes(root, copy)
  copy.querySelectorAll(`script, noscript, [${EXPORT_SKIP_ATTRIBUTE}]`).forEach((node) => node.remove())
  return (
    `<!doctype html><html ${attributesOf(doc.documentElement)}><head><meta charset="utf-8">` +
    `<title>${escapeHtml(title)}</title><style>${documentCss(doc)}</style></head>` +
    `<body ${attributesOf(doc.body)}>${copy.outerHTML}</body></html>`
  )
}

/** Signs that a part of the page is still loading: a busy region, a loader, a chart's loading label. */
const BUSY = '[aria-busy="true"], .mantine-Loader-root, .highcharts-loading:not(.highcharts-loading-hidden)'

/**
 * Resolves once `root` has finished drawing — nothing in it loading and no change to it (a chart's
 * animation, a late answer) for `quietMs` — or after `maxMs` at the latest (B292: the spec's 5000 ms
 * is the upper bound, not a fixed wait).
 */
export function whenDrawn(root: Element, maxMs: number, quietMs = 300): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now()
    // A page that changes nothing in its first check's 100 ms has nothing drawing.
    let lastChange = started - quietMs + 100
    // The export controls change as they work (their 'downloading' label): not the page drawing.
    const skipped = (node: Node) =>
      (node instanceof Element ? node : node.parentElement)?.closest(`[${EXPORT_SKIP_ATTRIBUTE}]`)
    const observer = new MutationObserver((records) => {
      if (records.some((record) => !skipped(record.target))) lastChange = Date.now()
    })
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
    // The export controls are left out of the file, and the one exporting is busy meanwhile.
    const busy = () =>
      Array.from(root.querySelectorAll(BUSY)).some(
        (element) => !element.closest(`[${EXPORT_SKIP_ATTRIBUTE}]`),
      )
    const check = () => {
      const now = Date.now()
      const settled = now - lastChange >= quietMs && !busy()
      if (settled || now - started >= maxMs) {
        observer.disconnect()
        resolve()
      } else setTimeout(check, 100)
    }
    setTimeout(check, Math.min(100, maxMs))
  })
}

import Highcharts from 'highcharts'

/*
 * Highcharts reads the font size of every text it draws (`SVGElement#getStyle('font-size')`, for
 * each label's line height and to know whether a text must be built again), through
 * getComputedStyle. In jsdom that call re-runs the whole cascade: every rule of every style sheet
 * matched against the element and, font-size being inherited, against each of its ancestors up to
 * the document, and jsdom forgets it all at the next DOM change, which Highcharts makes between
 * any two such calls. It was half the CPU time of a page test with charts (the Yarn resources
 * page: 37 of 84 s), for a value no test looks at.
 *
 * Here the font size of a chart's own SVG element is read from the inline styles Highcharts sets
 * (each text's, else its group's, else the chart's root `<svg>`, which always has one): the value
 * jsdom's cascade finds too, since no style sheet in a test names a chart element (CSS modules are
 * off, `css: false`; Mantine's sheet sets only custom properties). Anything else, or an element
 * outside a chart's drawing, still goes through the real getComputedStyle.
 */

const SVG_NS = 'http://www.w3.org/2000/svg'
const { prototype } = Highcharts.SVGElement
const computedStyle = prototype.getStyle

/** The element Highcharts asks about: a wrapper's DOM node, or a DOM node passed as `this`. */
const domNodeOf = (self: Highcharts.SVGElement | Element): Element =>
  self instanceof Element ? self : (self.element as Element)

prototype.getStyle = function getStyle(this: Highcharts.SVGElement | Element, prop: string): string {
  const element = domNodeOf(this)
  if (prop !== 'font-size' || element.namespaceURI !== SVG_NS) return computedStyle.call(this, prop)
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.namespaceURI !== SVG_NS) return computedStyle.call(node as never, prop)
    const value = (node as SVGElement).style.getPropertyValue(prop)
    if (value) return value
  }
  return ''
}

import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

afterEach(() => cleanup())
// A table remembers its column choices in local storage: each test starts from the defaults.
afterEach(() => {
  for (const key of Object.keys(localStorage))
    if (key.startsWith('costlens.table-columns.')) localStorage.removeItem(key)
})

// Mantine reads these browser APIs that jsdom lacks.
const { getComputedStyle } = window
window.getComputedStyle = (elt) => getComputedStyle(elt)
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub
Element.prototype.scrollIntoView ??= () => {}
// Highcharts feature-tests CSS on load; jsdom has no CSS.supports.
globalThis.CSS ??= {} as typeof CSS
CSS.supports ??= () => false
// A test's stubbed fetch (stubApi) never leaks into the next test.
afterEach(() => vi.unstubAllGlobals())

import { createElement, type ComponentType, type ReactNode } from 'react'
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core'
import { Provider } from 'react-redux'
import type { AppStore } from './store.ts'
import { useLoadedComponent } from './use-loaded-component.ts'
import { PrintStyle } from './print-style.tsx'
import './display-settings/dark-scheme.css'
import './target-size.css'

export const theme = createTheme({
  primaryColor: 'blue',
  // Readable contrast (WCAG AA 4.5:1): white on blue-8 is 4.9:1, on Mantine's default blue-6 only 3.6:1;
  // links and filled buttons use the primary shade.
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'Inter, "Liberation Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
})

/**
 * Dimmed text in gray-7 (7.5:1 on the page background) instead of gray-6 (3.3:1); in the dark
 * scheme dark-1 (7.4:1 on the dark body) instead of dark-2 (3.9:1). Form errors (a field's message
 * and its text) in red-9 (5.4:1 on white) instead of Mantine's red-6 (3.3:1, an axe "serious").
 */
const resolveCssVariables: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
  },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] ?? '#b8b8b8' },
})

/**
 * The toasts' container (transitions, portal, swipe to dismiss) in a chunk of its own, fetched as
 * the first page renders rather than before it: a toast shown before it arrives waits in the
 * notifications store (toasts.ts) and appears once it has.
 */
let toastContainer: ComponentType | undefined
export const loadToastContainer = (): Promise<ComponentType> =>
  import('./toast-container.tsx').then((module) => (toastContainer = module.default))
const toastContainerArrived = () => toastContainer

/**
 * Store, theme and toasts (top centre, C05) around any part of the console, app or test. Tests pass
 * `env="test"`, Mantine's switch that turns off transitions and portals so menus open at once.
 * The colour scheme follows the system until the user picks one in the account menu (Mantine keeps
 * the choice in localStorage); the surfaces the CSS modules paint are themed in dark-scheme.css.
 */
export function Providers({
  store,
  env = 'default',
  children,
}: {
  store: AppStore
  env?: 'default' | 'test'
  children: ReactNode
}) {
  const ToastContainer = useLoadedComponent(toastContainerArrived, loadToastContainer)
  return (
    <Provider store={store}>
      <MantineProvider
        theme={theme}
        env={env}
        defaultColorScheme="auto"
        cssVariablesResolver={resolveCssVariables}
      >
        {/* Held in state (useLoadedComponent), the same component from render to render. */}
        {ToastContainer && createElement(ToastContainer)}
        <PrintStyle />
        {children}
      </MantineProvider>
    </Provider>
  )
}

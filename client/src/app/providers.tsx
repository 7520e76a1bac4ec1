import type { ReactNode } from 'react'
import { MantineProvider, createTheme } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { Provider } from 'react-redux'
import { TOAST_POSITION } from '@costlens/shared'
import type { AppStore } from './store.ts'

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'Inter, "Liberation Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
})

/**
 * Store, theme and toasts (top centre, C05) around any part of the console, app or test. Tests pass
 * `env="test"`, Mantine's switch that turns off transitions and portals so menus open at once.
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
  return (
    <Provider store={store}>
      <MantineProvider theme={theme} env={env}>
        <Notifications position={TOAST_POSITION} />
        {children}
      </MantineProvider>
    </Provider>
  )
}

import type { ReactNode } from 'react'
import { MantineProvider, createTheme } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { Provider } from 'react-redux'
import type { AppStore } from './store.ts'

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'Inter, "Liberation Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
})

/** Store, theme and toasts (top centre, C05) around any part of the console, app or test. */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <MantineProvider theme={theme}>
        <Notifications position="top-center" />
        {children}
      </MantineProvider>
    </Provider>
  )
}

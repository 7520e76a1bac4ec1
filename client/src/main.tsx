import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { makeStore } from './app/store.ts'
import { Providers } from './app/providers.tsx'
import { createAppRouter } from './app/router.tsx'
import { loadSignedIn } from './app/signed-in-loader.ts'
import { storedToken } from './app/session-storage.ts'
import { validateSession } from './app/session/session-thunks.ts'

const store = makeStore()
// The token check (B001, B013) starts before the first render rather than in Root's first effect.
const hasToken = storedToken() !== null
void store.dispatch(validateSession(undefined))
// With a stored token the console will most likely open: its code and the code of the screen at
// this address are fetched side by side while the token is still being checked, rather than one
// after the other once the check has answered (a deep link, a reload). Without one, only the
// sign-in page loads.
if (hasToken) {
  void loadSignedIn().catch(() => undefined)
  // The screen's first calls too (the applications list), beside the token check: see prefetchScreenAt.
  void import('./app/screens.ts').then(
    (screens) =>
      Promise.all([
        screens.prefetchScreenAt(window.location, store.dispatch),
        screens.preloadScreenAt(window.location.pathname),
      ]),
    () => undefined,
  )
}
const router = createAppRouter()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)

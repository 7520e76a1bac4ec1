import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { makeStore } from './app/store.ts'
import { Providers } from './app/providers.tsx'
import { createAppRouter } from './app/router.tsx'
import { buildRouteConfig } from '@costlens/shared'
import { preloadScreenAt, preloadScreensWhenIdle } from './app/screens.ts'

void preloadScreenAt(window.location.pathname)
const store = makeStore()
const router = createAppRouter()

// Once someone is signed in, the code of the screens they may open is fetched in idle time, so a
// click on a tab shows its screen at once rather than after a loader (see screenComponent). The
// screens a tab opens on come first: a click on a tab is the likeliest next step.
const stopWatching = store.subscribe(() => {
  const user = store.getState().session.user
  if (!user) return
  stopWatching()
  const config = buildRouteConfig(user)
  const tabFirst = config.tabs.map((tab) => tab.page ?? tab.children[0])
  const screens = [...tabFirst, ...config.routes].flatMap((r) =>
    r?.status === 'built' && r.screen ? [r.screen] : [],
  )
  preloadScreensWhenIdle([...new Set(screens)])
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)

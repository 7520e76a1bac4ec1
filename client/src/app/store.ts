import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit'
import { api } from '../api/api.ts'
import { loggedOut, sessionSlice } from './session/session-slice.ts'
import { savedListsSlice } from './saved-lists-slice.ts'
import { compareSlice, compareStorageListener } from '../components/compare/compare-slice.ts'

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  savedLists: savedListsSlice.reducer,
  compare: compareSlice.reducer,
})
export type RootState = ReturnType<typeof rootReducer>

/**
 * B002: when a signed-in session ends (logout, a 401 anywhere, the idle timer, another tab), the
 * cached server data goes with it, so the next user of this tab never sees the previous one's data.
 */
function sessionEndListener() {
  const listener = createListenerMiddleware()
  listener.startListening({
    actionCreator: loggedOut,
    effect: async (_action, { dispatch, getOriginalState, delay }) => {
      if ((getOriginalState() as RootState).session.status !== 'authenticated') return
      // After the current turn: the call whose 401 ended the session must still see its own error.
      await delay(0)
      dispatch(api.util.resetApiState())
    },
  })
  return listener.middleware
}

/** A store per app (and per test), optionally starting from a given state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault().prepend(sessionEndListener(), compareStorageListener()).concat(api.middleware),
  })
}
export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']

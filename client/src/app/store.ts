import { combineReducers, configureStore } from '@reduxjs/toolkit'
import { api } from '../api/api.ts'
import { sessionSlice } from '../features/auth/session-slice.ts'

const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, session: sessionSlice.reducer })
export type RootState = ReturnType<typeof rootReducer>

/** A store per app (and per test), optionally starting from a given state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  })
}
export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']

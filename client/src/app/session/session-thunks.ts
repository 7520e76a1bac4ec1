import { createAsyncThunk } from '@reduxjs/toolkit'
import { MESSAGES, toRequestError } from '@costlens/shared'
import type { ApiError } from '../../api/base-query.ts'
import { clearSession, storedToken, storeToken, storeUser } from '../session-storage.ts'
import { authApi } from './auth-api.ts'
import { loggedOut, tokenReceived, userValidated } from './session-slice.ts'

/**
 * Whether the page is being left (a reload, another address): set by `beforeunload`, cleared when
 * the page shows again (a cancelled leave, a page restored from the back-forward cache).
 */
let leavingPage = false
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (leavingPage = true))
  window.addEventListener('pageshow', () => (leavingPage = false))
}

/**
 * B001, B013: a session exists only after isValidToken succeeds. With no token the error is
 * 'No Auth Token'; any failure logs out. Resolves to the failure (the error callback's argument),
 * or undefined on success.
 *
 * A check that got no answer because the page is being left is no failure of the token: the
 * browser cut it off (a reload followed at once by another address did that). Clearing the stored
 * session then signed the user out of the page that came next; it is kept for that page to check.
 */
export const validateSession = createAsyncThunk(
  'session/validate',
  async (token: string | undefined, { dispatch }): Promise<ApiError | undefined> => {
    const candidate = token ?? storedToken()
    if (!candidate) {
      dispatch(loggedOut())
      return toRequestError({ errorText: MESSAGES.M014 })
    }
    storeToken(candidate)
    dispatch(tokenReceived(candidate))
    const check = dispatch(
      authApi.endpoints.isValidToken.initiate(undefined, { forceRefetch: true, subscribe: false }),
    )
    const result = await check
    // Judge this check by its own outcome: after a failure `data` still holds the last good answer.
    if (result.isSuccess) {
      storeUser(result.data)
      dispatch(userValidated(result.data))
      return undefined
    }
    const error: ApiError =
      (result.error as ApiError | undefined) ?? toRequestError({ errorText: MESSAGES.M017 })
    if (leavingPage && error.status === undefined) return error
    clearSession()
    dispatch(loggedOut())
    return error
  },
)

/**
 * B002, B009: logout clears the stored token and user only (the app-store and preferences keys
 * stay); the store drops the cached API data when it sees `loggedOut` (see store.ts).
 */
export const logout = createAsyncThunk('session/logout', async (_: void, { dispatch }) => {
  clearSession()
  dispatch(loggedOut())
})

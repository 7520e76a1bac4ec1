import { createAsyncThunk } from '@reduxjs/toolkit'
import { MESSAGES, toRequestError } from '@costlens/shared'
import type { ApiError } from '../../api/base-query.ts'
import { clearSession, storedToken, storeToken, storeUser } from '../session-storage.ts'
import { authApi } from './auth-api.ts'
import { loggedOut, tokenReceived, userValidated } from './session-slice.ts'

/**
 * B001, B013: a session exists only after isValidToken succeeds. With no token the error is
 * 'No Auth Token'; any failure logs out. Resolves to the failure (the error callback's argument),
 * or undefined on success.
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
    clearSession()
    dispatch(loggedOut())
    return (result.error as ApiError | undefined) ?? toRequestError({ errorText: MESSAGES.M017 })
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

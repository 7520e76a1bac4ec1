import { createAsyncThunk } from '@reduxjs/toolkit'
import { MESSAGES, type RequestError } from '@costlens/shared'
import { clearSession, storedToken, storeToken, storeUser } from '../../app/session-storage.ts'
import { authApi } from './auth-api.ts'
import { loggedOut, tokenReceived, userValidated } from './session-slice.ts'

/**
 * B001, B013: a session exists only after isValidToken succeeds. With no token the error is
 * 'No Auth Token'; any failure logs out. Resolves to the error message, or undefined on success.
 */
export const validateSession = createAsyncThunk(
  'session/validate',
  async (token: string | undefined, { dispatch }) => {
    const candidate = token ?? storedToken()
    if (!candidate) {
      dispatch(loggedOut())
      return MESSAGES.M014
    }
    storeToken(candidate)
    dispatch(tokenReceived(candidate))
    const check = dispatch(
      authApi.endpoints.isValidToken.initiate(undefined, { forceRefetch: true, subscribe: false }),
    )
    const result = await check
    if (result.data) {
      storeUser(result.data)
      dispatch(userValidated(result.data))
      return undefined
    }
    clearSession()
    dispatch(loggedOut())
    return (result.error as RequestError | undefined)?.message ?? MESSAGES.M017
  },
)

/** B002, B009: logout clears the token and user only, and the cached API data with them. */
export const logout = createAsyncThunk('session/logout', async (_: void, { dispatch }) => {
  clearSession()
  dispatch(loggedOut())
  dispatch(authApi.util.resetApiState())
})

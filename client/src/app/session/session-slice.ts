import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { CurrentUser } from '@costlens/shared'

/**
 * unknown: a stored token has not been checked yet; checking: isValidToken is in flight;
 * authenticated: the check passed (B001); anonymous: no valid session.
 */
export type SessionStatus = 'unknown' | 'checking' | 'authenticated' | 'anonymous'

export interface SessionState {
  token: string | null
  user: CurrentUser | null
  status: SessionStatus
  /** Set when the embedding parent asked to hide navigation and footer (B016). */
  embeddedChromeHidden: boolean
}

export const initialSessionState: SessionState = {
  token: null,
  user: null,
  status: 'unknown',
  embeddedChromeHidden: false,
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    tokenReceived(state, action: PayloadAction<string>) {
      state.token = action.payload
      state.status = 'checking'
    },
    userValidated(state, action: PayloadAction<CurrentUser>) {
      state.user = action.payload
      state.status = 'authenticated'
    },
    /** Login failure, logout and any 401 clear token and user (B002). */
    loggedOut(state) {
      state.token = null
      state.user = null
      state.status = 'anonymous'
    },
    chromeHidden(state) {
      state.embeddedChromeHidden = true
    },
  },
})

export const { tokenReceived, userValidated, loggedOut, chromeHidden } = sessionSlice.actions

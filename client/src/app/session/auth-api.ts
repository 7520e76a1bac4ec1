import {
  authEndpoints,
  encryptPassword,
  miscEndpoints,
  newSignInSalt,
  SIGN_IN_MODES,
  type AadSessionResponse,
  type CurrentUser,
  type SignInMode,
  type SignInResponse,
  type SsoCheckResponse,
  type UpgradePlanResponse,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointRequest } from '../../api/endpoint-query.ts'
// A cycle by design: the thunk calls these endpoints, this hook calls the thunk, both at run time only.
import { validateSession } from './session-thunks.ts'

/** The {ui} segment of PUT /api/{ui}/ui/upgrade-plan (E012, G04): the API version, as elsewhere. */
export const UPGRADE_PLAN_UI_SEGMENT = 'v1'

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** B005: any failure, or an unknown answer, means open mode. B011: the headers may carry a token. */
    getSignInMode: build.query<{ mode: SignInMode; token?: string }, void>({
      query: () => endpointRequest(authEndpoints.signInMode, undefined, { responseHandler: 'text' }),
      transformResponse: (body: string, meta) => {
        const text = String(body).replace(/"/g, '').trim() as SignInMode
        const token =
          meta?.response?.headers.get('auth-token') ??
          meta?.response?.headers.get('unravel-auth-header-key') ??
          undefined
        return { mode: SIGN_IN_MODES.includes(text) ? text : 'open', token }
      },
      // B011: a server that already knows the user (SSO in front of it) hands the token in these
      // headers; the console signs in with it straight away.
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const result = await queryFulfilled.catch(() => undefined)
        if (result?.data.token) void dispatch(validateSession(result.data.token))
      },
    }),
    /** B012: the password never leaves the browser; only salt and ct do. */
    webSignIn: build.mutation<SignInResponse, { username: string; password: string }>({
      queryFn: async ({ username, password }, _api, _extra, baseQuery) => {
        const salt = newSignInSalt()
        const ct = await encryptPassword(password, salt)
        const result = await baseQuery(endpointRequest(authEndpoints.webSignIn, { username, salt, ct }))
        return result.error ? { error: result.error } : { data: result.data as SignInResponse }
      },
    }),
    /** B006: in saml mode the check yields the token of the user the identity provider signed in. */
    samlCheck: build.mutation<SsoCheckResponse, void>({
      query: () => endpointRequest(authEndpoints.samlCheck, undefined),
    }),
    /** B006: the same for Azure AD. */
    aadCheck: build.mutation<SsoCheckResponse, void>({
      query: () => endpointRequest(authEndpoints.aadCheck, undefined),
    }),
    /** B007: the 60 s external-logout check; any failure means the AAD session ended. */
    aadSession: build.query<AadSessionResponse, void>({
      query: () => endpointRequest(authEndpoints.aadSession, undefined),
    }),
    /** B001: the session exists only once this answers with the user. */
    isValidToken: build.query<CurrentUser, void>({
      query: () => endpointRequest(authEndpoints.isValidToken, undefined),
      providesTags: ['CurrentUser'],
    }),
    /** M020, M021: the freemium upgrade request. */
    upgradePlan: build.mutation<UpgradePlanResponse, void>({
      query: () => endpointRequest(miscEndpoints.upgradePlan, { ui: UPGRADE_PLAN_UI_SEGMENT }),
    }),
  }),
})

export const {
  useGetSignInModeQuery,
  useWebSignInMutation,
  useSamlCheckMutation,
  useAadCheckMutation,
  useUpgradePlanMutation,
} = authApi

import { Type } from 'typebox'
import {
  AadSessionResponseSchema,
  CurrentUserSchema,
  SignInResponseSchema,
  SIGN_IN_MODES,
  SsoCheckResponseSchema,
  WebSignInBodySchema,
} from '../contracts/auth.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

const tags = ['auth'] as const

/** B006: the token of the user an identity provider signed in, in saml or aad mode. */
const ssoCheck = (mode: 'saml' | 'aad', specId: string) =>
  defineEndpoint({
    method: 'GET',
    path: `/${mode}/check`,
    specIds: [specId],
    tags,
    access: { public: true },
    summary: `The token of the ${mode === 'saml' ? 'SAML' : 'AAD'}-signed-in user, in ${mode} mode`,
    response: SsoCheckResponseSchema,
    errors: [404],
  })

/** Sign-in and the session (01 §3; E001-E006). The sign-in calls are public: they make the session. */
export const authEndpoints = defineEndpoints({
  signInMode: {
    method: 'GET',
    path: '/signInMode',
    specIds: ['E001'],
    tags,
    access: { public: true },
    summary: 'The sign-in mode (open, ldap, saml or aad) as a plain-text body',
    response: Type.String({ enum: [...SIGN_IN_MODES] }),
  },
  webSignIn: {
    method: 'POST',
    path: '/api/v1/webSignIn',
    specIds: ['E002'],
    tags,
    access: { public: true },
    summary: 'Sign in with username, salt and ct (the password encrypted by encryptPassword)',
    description:
      'The console posts {username, salt, ct}. Legacy scripts may post {username, password}, JSON or form-encoded. ' +
      'Works in every sign-in mode: the simulator is a development tool.',
    body: WebSignInBodySchema,
    response: SignInResponseSchema,
    errors: [400, 429],
  },
  signIn: {
    method: 'POST',
    path: '/api/v1/signIn',
    // No row of its own: the same sign-in as E002, in the real product's documented form.
    specIds: ['E002'],
    tags,
    access: { public: true },
    summary: "The real product's documented sign-in: a form (or JSON) username and password",
    description:
      "Not in the spec: the real product's public REST reference (4.6, POST /signIn) documents it, and scripts " +
      'written against that reference sign in here. It answers as webSignIn does, with the same limits.',
    body: WebSignInBodySchema,
    response: SignInResponseSchema,
    errors: [400, 429],
  },
  samlCheck: ssoCheck('saml', 'E003'),
  aadCheck: ssoCheck('aad', 'E004'),
  aadSession: {
    method: 'GET',
    path: '/aad/session',
    specIds: ['E006'],
    tags,
    summary: 'AAD external-logout check, polled every 60 s: 200 while the session lives, 401 once it ended',
    response: AadSessionResponseSchema,
  },
  isValidToken: {
    method: 'GET',
    path: '/api/v1/isValidToken',
    specIds: ['E005'],
    tags,
    summary: 'The current user, the token expiry and the cluster lists',
    response: CurrentUserSchema,
  },
})

import { useState, type FormEvent } from 'react'
import {
  Alert,
  Box,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { MESSAGES, type RequestError } from '@costlens/shared'
import type { ApiError } from '../../api/base-query.ts'
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import {
  useAadCheckMutation,
  useGetSignInModeQuery,
  useSamlCheckMutation,
  useWebSignInMutation,
} from '../../app/session/auth-api.ts'
import { validateSession } from '../../app/session/session-thunks.ts'

/**
 * B014, G17: credentials refused (a 4xx) get the account text and the server's reason; anything
 * else (network, 5xx) means the service is down for now.
 */
export function signInFailureText(error: RequestError | undefined, status: number | undefined): string {
  if (status !== undefined && status >= 400 && status < 500) {
    const reason = error?.message && error.message !== MESSAGES.M005 ? ` ${error.message}` : ''
    return `${MESSAGES.M015}${reason}`
  }
  return MESSAGES.M016
}

export default function LoginPage() {
  useDocumentTitle('Sign in')
  const dispatch = useAppDispatch()
  const sessionPending = useAppSelector(
    (s) => s.session.status === 'unknown' || s.session.status === 'checking',
  )
  const { data: modeInfo, isLoading: modeLoading } = useGetSignInModeQuery()
  const mode = modeInfo?.mode ?? 'open'
  const [webSignIn, { isLoading: signingIn }] = useWebSignInMutation()
  const [samlCheck, { isLoading: samlChecking }] = useSamlCheckMutation()
  const [aadCheck, { isLoading: aadChecking }] = useAadCheckMutation()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [failure, setFailure] = useState<string | null>(null)

  /** A token in hand: validate it (B001); the guard then takes the user on. */
  async function finish(token: string) {
    const problem = await dispatch(validateSession(token)).unwrap()
    if (problem) setFailure(signInFailureText(problem, problem.status))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const result = await webSignIn({ username: username.trim(), password })
    if ('data' in result && result.data) return finish(result.data.token)
    const error = result.error as ApiError | undefined
    setFailure(signInFailureText(error, error?.status))
  }

  /** B006: the check yields a token, or the user stays signed out with the failure text. */
  async function signInWithSso(kind: 'saml' | 'aad') {
    setFailure(null)
    const result = kind === 'saml' ? await samlCheck() : await aadCheck()
    if ('data' in result && result.data?.token) return finish(result.data.token)
    const error = 'error' in result ? (result.error as ApiError | undefined) : undefined
    setFailure(error ? signInFailureText(error, error.status) : MESSAGES.M015)
  }

  return (
    <Center
      mih="100vh"
      bg="light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))"
      component="main"
    >
      <Paper withBorder shadow="sm" p="xl" radius="md" w={400}>
        <Stack gap="md">
          <Box>
            <Title order={1} size="h2">
              costlens
            </Title>
            <Text c="dimmed" size="sm">
              Cost and performance console for data platforms
            </Text>
          </Box>
          {failure && (
            <Alert color="red" role="alert" title="Sign-in failed">
              {failure}
            </Alert>
          )}
          {sessionPending ? (
            <Loader role="status" aria-label="Signing you in" />
          ) : modeLoading ? (
            <Loader role="status" aria-label="Loading sign-in options" />
          ) : mode === 'saml' || mode === 'aad' ? (
            <Button onClick={() => signInWithSso(mode)} loading={samlChecking || aadChecking}>
              {mode === 'saml' ? 'Sign in with SAML' : 'Sign in with Microsoft'}
            </Button>
          ) : (
            <form onSubmit={submit}>
              <Stack gap="sm">
                <TextInput
                  label="Username"
                  autoComplete="username"
                  required
                  value={username}
                  onChange={(e) => setUsername(e.currentTarget.value)}
                  autoFocus
                />
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                />
                <Button type="submit" loading={signingIn}>
                  Sign in
                </Button>
                {mode === 'ldap' && (
                  <Text size="xs" c="dimmed">
                    Use your directory (LDAP) account.
                  </Text>
                )}
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  )
}

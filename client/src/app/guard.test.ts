import { describe, expect, it } from 'vitest'
import { guardRedirect } from './guard.ts'

const config = {
  landing: '/clusters/overview',
  redirects: { '/query': '/query/list', '/clusters': '/clusters/overview' },
}
const at = (path: string) => {
  const [pathname, search = ''] = path.split('?')
  return { pathname: pathname!, search: search ? `?${search}` : '' }
}

describe('route guard (B022, B023)', () => {
  it.each([
    [
      'B023 a visitor deep link carries the full path',
      'anonymous',
      '/jobs/applications?status=R',
      '/login?redirectFrom=%2Fjobs%2Fapplications%3Fstatus%3DR',
    ],
    ['B023 a visitor at the root goes to /login without redirectFrom', 'anonymous', '/', '/login'],
    ['B023 a visitor at /login stays', 'anonymous', '/login', undefined],
    ['B022 a signed-in user at / goes to the landing route', 'authenticated', '/', '/clusters/overview'],
    [
      'B022 a signed-in user at /login goes to the landing route',
      'authenticated',
      '/login',
      '/clusters/overview',
    ],
    [
      'B023 after sign-in the user returns to redirectFrom',
      'authenticated',
      '/login?redirectFrom=%2Fjobs%2Fapplications%3Fstatus%3DR',
      '/jobs/applications?status=R',
    ],
    [
      'redirectFrom never leaves the site',
      'authenticated',
      '/login?redirectFrom=%2F%2Fevil.example',
      '/clusters/overview',
    ],
    ['C17 a bare list path goes to its list', 'authenticated', '/query', '/query/list'],
    ['a tab path goes to its first sub-tab', 'authenticated', '/clusters/', '/clusters/overview'],
    ['a console page renders', 'authenticated', '/clusters/overview', undefined],
    ['nothing is decided while the token is checked', 'checking', '/jobs', undefined],
  ] as const)('%s', (_label, status, path, expected) => {
    expect(guardRedirect(status, at(path), config)).toBe(expected)
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { clearSession, storedToken, storeToken, storeUser, TOKEN_KEY, USER_KEY } from './session-storage.ts'

beforeEach(() => {
  localStorage.clear()
  document.cookie = 'auth_token=; max-age=0; path=/'
})

describe('session storage', () => {
  it('B008 keeps the token in localStorage and in the auth_token cookie', () => {
    storeToken('t1')
    expect(storedToken()).toBe('t1')
    expect(document.cookie).toContain('auth_token=t1')
  })

  it('B009 logout clears token and user and keeps the app-store and preferences keys', () => {
    storeToken('t1')
    storeUser({ username: 'analyst' })
    localStorage.setItem('appstore.installed', '["spark-advisor"]')
    localStorage.setItem('preferences', '{"theme":"light"}')
    clearSession()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(localStorage.getItem(USER_KEY)).toBeNull()
    expect(document.cookie).not.toContain('auth_token=t1')
    expect(localStorage.getItem('appstore.installed')).toBe('["spark-advisor"]')
    expect(localStorage.getItem('preferences')).toBe('{"theme":"light"}')
  })
})

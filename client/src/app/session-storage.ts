/**
 * Where the session lives between page loads: localStorage, plus the `auth_token` cookie for one
 * day (B008) so server-rendered exports and embedded pages can read it. Logging out removes only
 * the session keys: the app-store and preferences keys stay (B009).
 */
export const TOKEN_KEY = 'costlens.token'
export const USER_KEY = 'costlens.user'

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY)
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token)
  document.cookie = `auth_token=${encodeURIComponent(token)}; max-age=${24 * 3600}; path=/; SameSite=Strict`
}

export function storeUser(user: unknown): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user))
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY)
  localStorage.removeItem(USER_KEY)
  document.cookie = 'auth_token=; max-age=0; path=/; SameSite=Strict'
}

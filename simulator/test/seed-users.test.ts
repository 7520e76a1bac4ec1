import { describe, expect, it } from 'vitest'
import type { Persona } from '../../fixtures/personas.ts'
import { NO_LOCAL_PASSWORD, verifyPassword } from '../src/db/passwords.ts'
import { PersonaHashing } from '../src/db/seed/users.ts'

const persona = (username: string, password: string): Persona => ({
  username,
  password,
  role: 'user',
  clusterType: 'CDH',
  special: '',
  profile: {},
})

describe("the personas' password hashes, derived in a worker while the seed goes on", () => {
  it('gives no password until finished, then a real scrypt hash of each password', () => {
    const personas = [persona('hash-a', 'secret-a'), persona('hash-b', 'secret-b'), persona('hash-c', '')]
    const hashing = new PersonaHashing(personas)
    // Written as no password until then: nothing signs in with a half-seeded user.
    expect(hashing.hashOf('hash-a', 'secret-a')).toBe(NO_LOCAL_PASSWORD)
    const done = hashing.finish()
    expect(done.map((d) => d.username)).toEqual(['hash-a', 'hash-b'])
    const [a, b] = done.map((d) => d.passwordHash)
    expect(a).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/)
    expect(verifyPassword('secret-a', a)).toBe(true)
    expect(verifyPassword('secret-b', b)).toBe(true)
    expect(verifyPassword('secret-b', a)).toBe(false)
    expect(hashing.hashOf('hash-a', 'secret-a')).toBe(a)
  })

  it('reuses the hashes this process has (a reset) and starts no worker for them', () => {
    const first = new PersonaHashing([persona('hash-d', 'secret-d')])
    const passwordHash = first.finish()[0]!.passwordHash
    const again = new PersonaHashing([persona('hash-d', 'secret-d')])
    expect(again.hashOf('hash-d', 'secret-d')).toBe(passwordHash)
    expect(again.finish()).toEqual([])
    // Another password for the same persona (its variable changed) is hashed anew.
    const changed = new PersonaHashing([persona('hash-d', 'other-d')])
    const other = changed.finish()[0]!.passwordHash
    expect(verifyPassword('other-d', other)).toBe(true)
  })
})

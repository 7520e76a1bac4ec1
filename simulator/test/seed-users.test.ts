import { describe, expect, it } from 'vitest'
import { verifyPassword } from '../src/db/passwords.ts'
import { buildClusters } from '../src/db/seed/clusters.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { buildUsers, hashPersonaPasswords } from '../src/db/seed/users.ts'

describe('persona passwords hashed ahead of the seed', () => {
  it('sign each persona in with its own password only, each hash with a salt of its own', async () => {
    await hashPersonaPasswords()
    const now = Date.parse('2026-11-22T12:00:00Z')
    const prng = createPrng(3)
    const personas = buildUsers(prng, buildClusters(prng, now, 4), now, 0)
    const admin = personas.find((u) => u.username === 'admin')!
    expect(verifyPassword('admin', admin.passwordHash)).toBe(true)
    expect(verifyPassword('analyst', admin.passwordHash)).toBe(false)
    const salts = personas.map((u) => u.passwordHash.split('$')[1])
    expect(new Set(salts).size).toBe(personas.length)
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { PERSONAS } from '../../fixtures/personas.ts'
import { NO_LOCAL_PASSWORD, verifyPassword } from '../src/db/passwords.ts'
import { PersonaHashing, passwordVariable } from '../src/db/seed/users.ts'

const saltOf = (hash: string) => hash.split('$')[1]
const overridden: string[] = []
/** Gives persona `username` a password of its own for this test (its variable, as an operator would). */
function overridePassword(username: string, password: string) {
  process.env[passwordVariable(username)] = password
  overridden.push(passwordVariable(username))
}
afterEach(() => {
  for (const name of overridden.splice(0)) delete process.env[name]
})

describe("the personas' password hashes, derived beside the seed (users.ts PersonaHashing)", () => {
  it('every persona signs in with its password: hashed in the worker, each with a salt of its own', () => {
    const hashing = new PersonaHashing()
    const hashes = PERSONAS.map((p) => hashing.hashOf({ username: p.username, password: p.password }))
    for (const [i, persona] of PERSONAS.entries()) {
      expect(verifyPassword(persona.password, hashes[i]), persona.username).toBe(true)
      expect(verifyPassword(`${persona.password}x`, hashes[i]), persona.username).toBe(false)
    }
    expect(new Set(hashes.map(saltOf)).size).toBe(PERSONAS.length)
  })

  it('a reseed in the same process (a reset) reuses the hashes instead of deriving them again', () => {
    const first = new PersonaHashing().hashOf({ username: 'admin', password: 'admin' })
    const again = new PersonaHashing().hashOf({ username: 'admin', password: 'admin' })
    expect(again).toBe(first)
  })

  it('a password set by its variable is the one hashed, and a new one gets a new hash', () => {
    overridePassword('analyst', 'first secret')
    const first = new PersonaHashing().hashOf({ username: 'analyst', password: 'first secret' })
    expect(verifyPassword('first secret', first)).toBe(true)
    expect(verifyPassword('analyst', first)).toBe(false)
    overridePassword('analyst', 'second secret')
    const second = new PersonaHashing().hashOf({ username: 'analyst', password: 'second secret' })
    expect(verifyPassword('second secret', second)).toBe(true)
    expect(saltOf(second)).not.toBe(saltOf(first))
  })

  it('a hash the worker did not give (stopped, or a password it was not told) is derived in-thread', () => {
    overridePassword('hdp', 'told the worker')
    const stopped = new PersonaHashing()
    stopped.cancel()
    expect(
      verifyPassword('told the worker', stopped.hashOf({ username: 'hdp', password: 'told the worker' })),
    ).toBe(true)
    const hashing = new PersonaHashing()
    expect(verifyPassword('never told', hashing.hashOf({ username: 'hdp', password: 'never told' }))).toBe(
      true,
    )
  })

  it('an account without a local password (the seeded colleagues) gets the hash no password verifies', () => {
    expect(new PersonaHashing().hashOf({ username: 'jane.doe', password: null })).toBe(NO_LOCAL_PASSWORD)
  })
})

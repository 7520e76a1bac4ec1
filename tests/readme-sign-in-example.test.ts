import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { encryptPassword } from '@costlens/shared'
import { buildApp } from '../simulator/src/app.ts'

/**
 * The README documents the sign-in scheme for scripts in other languages; its worked example
 * must stay true, so this test reads the example out of the README itself.
 */
const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8')

describe('README worked sign-in example (B012)', () => {
  const example = /password `([^`]+)`, salt `([^`]+)` gives\s+`ct = ([^`]+)`/.exec(readme)

  it('is present in the README', () => {
    expect(example).not.toBeNull()
  })

  it('matches encryptPassword and signs in against the simulator', async () => {
    const [, password, salt, ct] = example!
    expect(await encryptPassword(password!, salt!)).toBe(ct)
    const app = await buildApp({ dbPath: ':memory:', seed: { scale: 'small' }, logger: false })
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/webSignIn',
        payload: { username: password, salt, ct },
      })
      expect(res.statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('opens with exactly two commands: set up and start, then test', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
    const commands = firstBlock
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean)
    expect(commands).toEqual(['bash scripts/up.sh', 'npm test'])
  })
})

import { describe, expect, it } from 'vitest'
import { preloadScreenAt, screenComponent } from './screens.ts'

const LAZY = Symbol.for('react.lazy')
const isLazy = (component: unknown) => (component as { $$typeof?: symbol }).$$typeof === LAZY

describe('screen code', () => {
  it('is a lazy component until its code arrives, then the screen itself (no loader on a later visit)', async () => {
    expect(isLazy(screenComponent('pipelines'))).toBe(true)
    await preloadScreenAt('/jobs/pipelines')
    const screen = screenComponent('pipelines')
    expect(isLazy(screen)).toBe(false)
    expect(typeof screen).toBe('function')
  })

  it('an address of no built screen loads nothing; an unknown key has no component', async () => {
    await expect(preloadScreenAt('/nowhere/at/all')).resolves.toBeUndefined()
    expect(screenComponent('no-such-screen')).toBeUndefined()
  })
})

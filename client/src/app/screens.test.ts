// @own-modules: it checks that a screen's code is not loaded until asked for.
import { describe, expect, it } from 'vitest'
import { arrivedScreen, isScreen, loadScreen, preloadScreenAt } from './screens.ts'

describe('screen code', () => {
  it('is not there until its code arrives, then the screen itself (no loader on a later visit)', async () => {
    expect(arrivedScreen('pipelines')).toBeUndefined()
    await preloadScreenAt('/jobs/pipelines')
    const screen = arrivedScreen('pipelines')
    expect(typeof screen).toBe('function')
    await expect(loadScreen('pipelines')).resolves.toBe(screen)
  })

  it('an address of no built screen loads nothing; an unknown key is no screen', async () => {
    await expect(preloadScreenAt('/nowhere/at/all')).resolves.toBeUndefined()
    expect(isScreen('no-such-screen')).toBe(false)
    expect(isScreen('applications')).toBe(true)
  })
})

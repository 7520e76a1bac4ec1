// @own-modules: it loads the console's modules afresh, to see every endpoint they inject.
import { expect, it, vi } from 'vitest'
import { api } from './api.ts'

/** The module that called injectEndpoints, from the call's stack. */
function callingModule(stack: string): string {
  const line = stack
    .split('\n')
    .slice(1)
    .find((l) => l.includes('/src/') && !l.includes('node_modules') && !l.includes('endpoint-names.test'))
  return line?.match(/\/src\/[^?:)]+/)?.[0] ?? 'unknown'
}

/**
 * Every feature injects its endpoints into the one API. RTK Query keeps the first endpoint of a
 * name and, outside development, silently skips a later one: two features naming an endpoint alike
 * would call each other's path once both are loaded (a Snowflake query page, then an Impala one).
 */
it('no two modules inject an endpoint of the same name', async () => {
  const injectedBy = new Map<string, Set<string>>()
  const inject = api.injectEndpoints.bind(api)
  // Any builder call answers a definition; only the endpoints' names are read here.
  const anyBuilder = new Proxy({}, { get: () => () => ({}) })
  vi.spyOn(api, 'injectEndpoints').mockImplementation(((options: Parameters<typeof inject>[0]) => {
    const module = callingModule(new Error().stack ?? '')
    for (const name of Object.keys(options.endpoints(anyBuilder as never)))
      injectedBy.set(name, (injectedBy.get(name) ?? new Set()).add(module))
    return inject(options)
  }) as unknown as typeof api.injectEndpoints)

  const modules = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../main.tsx'])
  for (const load of Object.values(modules)) await load()

  expect(injectedBy.size).toBeGreaterThan(100)
  const twice = [...injectedBy]
    .filter(([, by]) => by.size > 1)
    .map(([name, by]) => `${name}: ${[...by].join(', ')}`)
  expect(twice).toEqual([])
}, 60_000)

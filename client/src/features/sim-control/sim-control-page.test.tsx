import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import SimControlPage from './sim-control-page.tsx'
import { faultFromDraft } from './fault-form.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const admin = signedIn(testUser({ role: 'admin' }))
const fault = { id: 'f1', route: '/api/v1/search/**', status: 504, count: 3, hits: 1 }
const clock = { now: '2026-11-22T12:00:00.000Z', epochMs: Date.parse('2026-11-22T12:00:00Z'), frozen: false }

function render(...extra: Parameters<typeof stubApi>) {
  const api = stubApi(
    ...extra,
    on('GET', '/__sim/faults', () => json([fault])),
    on('GET', '/__sim/clock', () => json(clock)),
  )
  const view = renderWithProviders(<SimControlPage />, { preloadedState: admin, route: '/simulator' })
  return { ...api, ...view }
}

describe('/simulator controls', () => {
  it('lists the faults with what is left of each, and removes one', async () => {
    const { requests, user } = render(
      on('DELETE', '/__sim/faults/f1', () => new Response(null, { status: 204 })),
    )
    const table = await findSettledTable({ name: 'Active faults' })
    const row = (await within(table).findByText('/api/v1/search/**')).closest('tr')!
    expect(row).toHaveTextContent('504')
    expect(row).toHaveTextContent('any')
    expect(row).toHaveTextContent('2') // 3 requests, 1 hit
    await user.click(within(row).getByRole('button', { name: 'Remove the fault on /api/v1/search/**' }))
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true))
  })

  it('adds a fault from the form and sends only what was given', async () => {
    const { requests, user } = render(on('POST', '/__sim/faults', () => json({ ...fault, id: 'f2' }, 201)))
    await user.type(await screen.findByRole('textbox', { name: /Route pattern/ }), '/openapi.json')
    await user.click(screen.getByRole('button', { name: 'Add fault' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toBeDefined())
    expect(await requests.find((r) => r.method === 'POST')!.json()).toEqual({
      route: '/openapi.json',
      status: 500,
    })
  })

  it('shows the server refusal of a rule', async () => {
    const { user } = render(
      on('POST', '/__sim/faults', () =>
        json({ statusCode: 400, error: 'Bad Request', message: 'body/count must be >= 1' }, 400),
      ),
    )
    await user.type(await screen.findByRole('textbox', { name: /Route pattern/ }), '/x')
    await user.click(screen.getByRole('button', { name: 'Add fault' }))
    expect(await screen.findByText('body/count must be >= 1')).toBeInTheDocument()
  })

  it('freezes the clock and shows the simulated now', async () => {
    const { requests, user } = render(on('PUT', '/__sim/clock', () => json({ ...clock, frozen: true })))
    expect(await screen.findByText('11/22/2026 12:00:00')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Freeze' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toBeDefined())
    expect(await requests.find((r) => r.method === 'PUT')!.json()).toEqual({ frozen: true })
  })

  it('resets the data and says how long it took', async () => {
    const { user } = render(on('POST', '/__sim/reset', () => json({ resetMs: 912, now: clock.now })))
    await user.click(await screen.findByRole('button', { name: 'Reset to the seeded data' }))
    expect(await screen.findByText('Reset done in 912 ms; faults cleared.')).toBeInTheDocument()
  })

  it.each([
    [404, 'The simulator controls are off (SIM_CONTROL=off), or this backend is not the costlens simulator.'],
    [403, 'Only admins can use the simulator controls.'],
  ])('a %i says why the controls are not there', async (status, text) => {
    stubApi(on('GET', '/__sim/faults', () => json({ statusCode: status, error: 'x', message: 'x' }, status)))
    renderWithProviders(<SimControlPage />, { preloadedState: admin, route: '/simulator' })
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add fault' })).not.toBeInTheDocument()
  })
})

describe('the fault form', () => {
  const draft = { route: '/api/v1/x', method: '', status: '', delayMs: '', probability: '', count: '' }
  it.each([
    [{ ...draft, route: 'api' }, { problem: 'The route pattern starts with /, e.g. /api/v1/search/**.' }],
    [draft, { problem: 'Choose a status to answer with, or a delay.' }],
    [
      { ...draft, route: '/**a**a**a**a**a**a**a**ab', status: '500' },
      { problem: "A route pattern may hold at most 6 wildcards ('*' or '**'); this one has 8." },
    ],
    [
      { ...draft, route: `/${'a'.repeat(200)}`, status: '500' },
      { problem: 'A route pattern may be at most 200 characters long; this one has 201.' },
    ],
    [{ ...draft, delayMs: 2000 }, { fault: { route: '/api/v1/x', delayMs: 2000 } }],
    [
      { ...draft, method: 'GET', status: '401', probability: 0.5, count: 2 },
      { fault: { route: '/api/v1/x', method: 'GET', status: 401, probability: 0.5, count: 2 } },
    ],
  ])('%j → %j', (input, expected) => {
    expect(faultFromDraft(input)).toEqual(expected)
  })
})

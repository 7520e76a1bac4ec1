import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UpgradePrompt, type UpgradePromptVariant } from './upgrade-prompt.tsx'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { clearToasts } from '../../app/toasts.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  clearToasts()
})

const freemium = signedIn(testUser({ clusterType: 'DB', plan: 'freemium', unravelPlan: 'freemium' }))

function renderPrompt(variant: UpgradePromptVariant = 'inline') {
  return renderWithProviders(<UpgradePrompt variant={variant} />, { preloadedState: freemium })
}

describe('B060, B061 freemium upgrade prompt (M020, M021)', () => {
  it.each([
    [
      'the server message on success',
      json({ status: 'success', message: 'Request logged.' }),
      'Request logged.',
    ],
    [
      'the default text on success without a message',
      json({ status: 'success', message: '' }),
      'Upgrade request received.',
    ],
    [
      'the server message when it declines',
      json({ status: 'failure', message: 'Already paid.' }),
      'Already paid.',
    ],
    ['the default error on a failure without a message', json({}, 418), 'Failed to load account settings'],
  ])('toasts %s', async (_label, response, text) => {
    stubApi(on('PUT', '/api/v1/ui/upgrade-plan', () => response.clone()))
    renderPrompt()
    expect(screen.getByText(/limits data retention to 7 days/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade plan' }))
    expect(await screen.findByText(text)).toBeInTheDocument()
  })
})

describe('B268 the three forms of the upgrade prompt (overlay, inline, icon)', () => {
  it.each(['overlay', 'inline', 'icon'] as const)(
    'the %s form offers "Upgrade plan" and calls upgrade-plan once',
    async (variant) => {
      const { requests } = stubApi(
        on('PUT', '/api/v1/ui/upgrade-plan', () => json({ status: 'success', message: 'Thanks.' })),
      )
      renderPrompt(variant)
      await userEvent.click(screen.getByRole('button', { name: 'Upgrade plan' }))
      expect(await screen.findByText('Thanks.')).toBeInTheDocument()
      expect(requests).toHaveLength(1)
    },
  )

  it('the overlay names itself for assistive technology', () => {
    stubApi()
    renderPrompt('overlay')
    expect(screen.getByRole('dialog', { name: 'Upgrade plan' })).toHaveTextContent(/7 days/)
  })
})

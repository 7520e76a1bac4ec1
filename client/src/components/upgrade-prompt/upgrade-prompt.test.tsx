import { screen } from '@testing-library/react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store.ts'
import { Providers } from '../../app/providers.tsx'
import { UpgradePrompt } from './upgrade-prompt.tsx'
import { json, on, stubApi } from '../../../test/render.tsx'

afterEach(() => vi.unstubAllGlobals())

function renderPrompt() {
  render(
    <Providers store={makeStore()}>
      <UpgradePrompt variant="inline" />
    </Providers>,
  )
}

describe('freemium upgrade prompt (M020, M021)', () => {
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

import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import ApiDocsPage, { operationsByTag } from './api-docs-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const document = {
  openapi: '3.0.3',
  info: { title: 'costlens API', version: '1' },
  paths: {
    '/api/v1/webSignIn': {
      post: { summary: 'Sign in with username, salt and ct', tags: ['auth'], 'x-spec-ids': ['E002'] },
    },
    '/api/v1/clusters': { get: { summary: 'Cluster search', tags: ['clusters'], 'x-spec-ids': ['E007'] } },
    '/signInMode': { get: { summary: 'The sign-in mode', tags: ['auth'], 'x-spec-ids': ['E001'] } },
  },
}

describe('/api_docs (R149, R176)', () => {
  it('groups the operations of the live document by tag, in document order', () => {
    const groups = operationsByTag(document)
    expect([...groups.keys()]).toEqual(['auth', 'clusters'])
    expect(groups.get('auth')!.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/webSignIn',
      'GET /signInMode',
    ])
  })

  it('lists method, path, summary and spec ids from /openapi.json and links the Swagger UI', async () => {
    stubApi(on('GET', '/openapi.json', () => json(document)))
    renderWithProviders(<ApiDocsPage />, {
      preloadedState: signedIn(testUser({ clusterType: 'SNOWFLAKE', role: 'admin' })),
      route: '/api_docs',
    })
    const auth = await findSettledTable({ name: 'auth operations' })
    const row = within(auth).getByText('/api/v1/webSignIn').closest('tr')!
    expect(row).toHaveTextContent('POST')
    expect(row).toHaveTextContent('Sign in with username, salt and ct')
    expect(row).toHaveTextContent('E002')
    expect(screen.getByRole('table', { name: 'clusters operations' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Swagger UI/ })).toHaveAttribute('href', '/docs')
  })

  it('says so when the document cannot be loaded', async () => {
    stubApi(on('GET', '/openapi.json', () => json({}, 500)))
    renderWithProviders(<ApiDocsPage />, { preloadedState: signedIn(), route: '/api_docs' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error')
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp } from './helper.ts'

describe('the built console, served beside the API', () => {
  let app: FastifyInstance
  let dist: string
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-dist-'))
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>costlens</title>')
    fs.writeFileSync(path.join(dist, 'assets', 'applications-page-DKojjMb9.js'), 'export {}')
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>')
    // The build's compressed copy beside a script (client/vite.config.ts, precompress).
    fs.writeFileSync(path.join(dist, 'assets', 'react-B1x2.js'), 'export const react = 1\n'.repeat(200))
    fs.writeFileSync(
      path.join(dist, 'assets', 'react-B1x2.js.gz'),
      gzipSync('export const react = 1\n'.repeat(200)),
    )
    app = await testApp({ clientDist: dist })
  })
  afterAll(async () => {
    await app.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  it('lets the browser keep a content-hashed asset for good (no revalidation per screen)', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/applications-page-DKojjMb9.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('keeps revalidating what is not hashed: the page itself and files outside assets/', async () => {
    const page = await app.inject({ method: 'GET', url: '/jobs/applications' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<title>costlens</title>')
    expect(page.headers['cache-control'] ?? '').not.toContain('immutable')
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' })
    expect(icon.headers['cache-control'] ?? '').not.toContain('immutable')
  })

  it("sends the build's compressed copy of a script to a browser that accepts it, the plain file otherwise", async () => {
    const compressed = await app.inject({
      method: 'GET',
      url: '/assets/react-B1x2.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(compressed.statusCode).toBe(200)
    expect(compressed.headers['content-encoding']).toBe('gzip')
    expect(Number(compressed.headers['content-length'])).toBeLessThan(200)
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/react-B1x2.js',
      headers: { 'accept-encoding': '' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('export const react = 1\n'.repeat(200))
  })
})

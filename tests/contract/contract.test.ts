import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../simulator/src/app.ts'
import { loadDocument, type JsonSchema, type OpenApiDocument, type Operation } from './document.ts'
import { formatReport, obtainToken, runContract } from './run.ts'
import { checkAnswer, isErrorShape } from './validate.ts'
import { sampleValue } from './requests.ts'

const run = promisify(execFile)

// A second simulator on its own port, reached only over HTTP: to the suite it is a remote backend.
let remote: FastifyInstance
let baseUrl: string
let doc: OpenApiDocument
beforeAll(async () => {
  remote = await buildApp({
    dbPath: ':memory:',
    seed: { scale: 'small', seed: 3 },
    logger: false,
    signInPerMinute: 10_000,
  })
  baseUrl = await remote.listen({ host: '127.0.0.1', port: 0 })
  doc = await loadDocument()
})
afterAll(() => remote.close())

describe('the contract suite against a backend at a URL', () => {
  it('passes every read operation and, by default, skips those that change state', async () => {
    const report = await runContract({
      baseUrl,
      doc,
      credentials: { user: 'admin', password: 'admin' },
      allowWrites: false,
      badInputRuns: 10,
    })
    expect(report.failed, formatReport(report)).toBe(0)
    expect(report.results.find((r) => r.path === '/api/{ui}/ui/upgrade-plan')).toMatchObject({
      outcome: 'skipped',
      notes: ['changes state: runs only with --allow-writes'],
    })
    expect(report.passed).toBeGreaterThanOrEqual(8)
  })

  it('npm run contract -- --base-url … signs in with the documented scheme and exits 0', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/contract/cli.ts',
        '--base-url',
        baseUrl,
        '--user',
        'admin',
        '--password',
        'admin',
        '--runs',
        '5',
        // The command line is the subject here; every operation is the test above's.
        '--paths',
        'upgrade-plan$|/search/tags$',
        '--report',
        'test-results/contract-remote.json',
      ],
      { timeout: 60_000 },
    )
    expect(stdout).toContain(`contract against ${baseUrl}`)
    expect(stdout).toMatch(/SKIP\s+PUT\s+\/api\/\{ui\}\/ui\/upgrade-plan/)
    expect(stdout).toMatch(/: 1 passed, 0 failed, 1 skipped/)
  })

  it('reports a broken operation with its first difference and exits 1', async () => {
    const token = await obtainToken(baseUrl, { user: 'admin', password: 'admin' })
    await fetch(new URL('/__sim/faults', baseUrl), {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ route: '/api/v1/search/tags', status: 500 }),
    })
    try {
      await expect(
        run(
          process.execPath,
          [
            '--import',
            'tsx',
            'tests/contract/cli.ts',
            '--base-url',
            baseUrl,
            '--token',
            token,
            '--runs',
            '3',
            '--paths',
            '/search/',
            '--report',
            'test-results/contract-broken.json',
          ],
          {
            timeout: 60_000,
          },
        ),
      ).rejects.toMatchObject({
        code: 1,
        stdout: expect.stringMatching(
          /FAIL\s+GET\s+\/api\/v1\/search\/tags\n\s+status 500 is not documented/,
        ),
      })
    } finally {
      await fetch(new URL('/__sim/faults', baseUrl), {
        method: 'DELETE',
        headers: { authorization: `JWT ${token}` },
      })
    }
  })

  it('without credentials for a URL it says what to give', async () => {
    await expect(
      run(process.execPath, ['--import', 'tsx', 'tests/contract/cli.ts', '--base-url', baseUrl], {
        timeout: 60_000,
      }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('give --user and --password, or --token'),
    })
  })
})

const operation = (schema: JsonSchema): Operation => ({
  method: 'GET',
  path: '/x',
  parameters: [],
  responses: { '200': { content: { 'application/json': { schema } } }, '400': {} },
  changesState: false,
  specIds: [],
})

describe('answers against the document', () => {
  const schema = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string' } },
    additionalProperties: false,
  }

  it.each([
    ['a matching body', 200, '{"id":"a"}', { ok: true }],
    [
      'an extra field, reported not failed',
      200,
      '{"id":"a","more":1}',
      { ok: true, extraFields: expect.stringContaining('additional') },
    ],
    [
      'a missing field',
      200,
      '{}',
      { ok: false, difference: expect.stringContaining("must have required property 'id'") },
    ],
    [
      'an undocumented status',
      418,
      '{}',
      { ok: false, difference: 'status 418 is not documented (documented: 200, 400)' },
    ],
    [
      'a body that is not JSON',
      200,
      'oops',
      { ok: false, difference: 'status 200: the body is not valid JSON' },
    ],
  ])('%s', (_label, status, text, verdict) => {
    expect(checkAnswer(operation(schema), status, 'application/json', text)).toEqual(verdict)
  })

  it.each([
    ['{"statusCode":400,"error":"Bad Request","message":"size must be >= 1"}', true],
    ['{"statusCode":400,"error":"Bad Request","message":""}', false],
    ['{"message":"no status"}', false],
    ['<html>', false],
  ])('the error shape of %s: %s', (text, ok) => {
    expect(isErrorShape('application/json', text)).toBe(ok)
  })
})

describe('valid values from schemas', () => {
  const now = Date.parse('2026-11-22T12:00:00Z')
  it.each([
    [{ type: 'integer', minimum: 0, description: 'epoch ms' }, 'from', now - 7 * 86_400_000],
    [{ type: 'integer', minimum: 0, description: 'epoch ms' }, 'to', now],
    [{ type: 'integer', minimum: 1, maximum: 10, default: 5 }, 'size', 5],
    [{ type: 'string', enum: ['yarn', 'impala'] }, 'cbType', 'yarn'],
    [{ type: 'string', minLength: 3 }, 'name', 'aaa'],
    [{ type: 'string', examples: ['v1'] }, 'ui', 'v1'],
  ])('%j as %s is %j', (schema, name, value) => {
    expect(sampleValue(schema, name, now)).toEqual(value)
  })
})

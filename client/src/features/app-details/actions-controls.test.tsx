import { screen, waitFor, within } from '@testing-library/react'
import { notifications } from '@mantine/notifications'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  appDetailsEndpoints as details,
  sparkEndpoints as spark,
  appsEndpoints as apps,
  type AppComment,
  type AppDetailsSummary,
  type AppTags,
  type LogTaskStatus,
  type SparkAppMeta,
} from '@costlens/shared'
import type { Handler } from '../../../test/render.tsx'
import { renderPage, stubEndpoint, stubError, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import AppDetailsPage from './app-details-page.tsx'
import { failedSpark, sparkFailure } from './app-details-test-data.ts'

/**
 * The details page's controls (issue 17 task d5): Yarn kill and move with their confirmations and
 * notices, log loading on the Errors tab, comments, tags and policy violations on the Summary tab.
 */
const slow = { timeout: 5_000 }
const running: AppDetailsSummary = {
  ...failedSpark,
  status: 'R',
  statusLong: 'running',
  endTime: null,
  user: 'analyst',
}
const address = (tab = '') => `/app/application/spark?execId=${running.id}&clusterUid=cdh-prod-01${tab}`
const meta = (logsLoaded: boolean): SparkAppMeta => ({
  appId: running.id,
  clusterUid: 'cdh-prod-01',
  status: 'R',
  sparkVersion: '3.5.1',
  attempts: 1,
  numJobs: 4,
  numStages: 20,
  numExecutors: 8,
  taskCount: 900,
  isStreaming: false,
  logsLoaded,
  startTime: running.startTime,
  endTime: null,
})

function render(
  options: {
    summary?: () => AppDetailsSummary
    user?: ReturnType<typeof testUser>
    stubs?: Handler[]
    route?: string
  } = {},
) {
  return renderPage(<AppDetailsPage />, {
    route: options.route ?? address(),
    path: '/app/application/:appType',
    user: options.user ?? testUser(),
    stubs: [
      ...(options.stubs ?? []),
      stubEndpoint(details.canAccess, { canAccessApp: true, appExist: true }),
      stubEndpoint(details.summary, () => (options.summary ?? (() => running))()),
      stubEndpoint(details.sparkAttemptErrors, { ...sparkFailure, status: 'R', failure: null }),
      stubEndpoint(details.comments, []),
      stubEndpoint(details.tags, {}),
      stubEndpoint(details.recentViolationsByApp, []),
      stubEndpoint(apps.usersAndQueues, { users: [], queues: ['root.adhoc', 'root.backfill', 'root.etl'] }),
    ],
  })
}

afterEach(() => {
  notifications.clean()
  vi.restoreAllMocks()
})

describe('Yarn kill and move (02 §4, E123, E124)', { timeout: 20_000 }, () => {
  it('a running app of the user: Kill asks first, then the notice says it was killed and the page shows Killed', async () => {
    let killed = false
    const { user, requests } = render({
      summary: () =>
        killed ? { ...running, status: 'K', statusLong: 'killed', endTime: Date.now() } : running,
      stubs: [
        stubEndpoint(details.killApp, () => {
          killed = true
          return {
            id: running.id,
            success: true,
            message: 'killed',
            status: 'K',
            queue: running.queue,
            finishedTime: 1,
          }
        }),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Kill' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'Kill spark_job_417?' })
    expect(requests.some((r) => r.url.includes('kill_app'))).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Kill application' }))
    expect(await screen.findByText('The application was killed.', {}, slow)).toBeInTheDocument()
    expect(await screen.findByText('killed', {}, slow)).toBeInTheDocument()
    expect(requests.filter((r) => r.url.endsWith(`/yarn_rm/kill_app/${running.id}`))).toHaveLength(1)
    // Killed: no longer running, so nothing to kill or move.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Kill' })).not.toBeInTheDocument())
  })

  it('after a kill, the errors already read are asked again (they change with the status)', async () => {
    const { user, requests } = render({
      route: address('&tab=errors'),
      stubs: [
        stubEndpoint(details.killApp, {
          id: running.id,
          success: true,
          message: 'killed',
          status: 'K',
          queue: running.queue,
          finishedTime: 1,
        }),
      ],
    })
    const errorReads = () => requests.filter((r) => r.url.includes(`/spark/${running.id}/1/errors`)).length
    await waitFor(() => expect(errorReads()).toBe(1), slow)
    await user.click(screen.getByRole('button', { name: 'Kill' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kill application' }),
    )
    await waitFor(() => expect(errorReads()).toBe(2), slow)
  })

  it('a refused kill: the kill-error notice with the server’s words; Cancel sends nothing', async () => {
    const { user, requests } = render({
      stubs: [stubError(details.killApp, 409, `Application ${running.id} is not running.`)],
    })
    await user.click(await screen.findByRole('button', { name: 'Kill' }, slow))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(requests.some((r) => r.url.includes('kill_app'))).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Kill' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kill application' }),
    )
    expect(
      await screen.findByText(
        `The application could not be killed. Application ${running.id} is not running.`,
        {},
        slow,
      ),
    ).toBeInTheDocument()
  })

  it("an app on cluster '-': the cluster-error notice and no call", async () => {
    const { user, requests } = render({ summary: () => ({ ...running, clusterUid: '-' }) })
    await user.click(await screen.findByRole('button', { name: 'Kill' }, slow))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kill application' }),
    )
    expect(
      await screen.findByText('The application cannot be killed: its cluster is unknown.'),
    ).toBeInTheDocument()
    expect(requests.some((r) => r.url.includes('kill_app'))).toBe(false)
  })

  it.each([
    ['a read-only admin', testUser({ role: 'readonlyAdmin', isReadonlyAdmin: true }), running],
    ["another user's app (role user)", testUser(), { ...running, user: 'airflow' }],
    ['a finished app', testUser(), { ...running, status: 'S', statusLong: 'success' }],
  ])('no Kill or Move for %s', async (_who, who, app) => {
    render({ user: who, summary: () => app })
    expect(await screen.findByRole('heading', { name: 'spark_job_417' }, slow)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Kill' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Move' })).not.toBeInTheDocument()
  })

  it("Move: a blank queue says 'Queue can't be empty' without a call; a queue of the cluster moves it", async () => {
    const { user, queries } = render({
      stubs: [
        stubEndpoint(details.moveApp, (r: Request) => ({
          id: running.id,
          success: true,
          message: 'moved',
          status: 'R',
          queue: new URL(r.url).searchParams.get('queue')!,
          finishedTime: null,
        })),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Move' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'Move spark_job_417' })
    const queue = within(dialog).getByRole('combobox', { name: /^Queue/ })
    await user.type(queue, '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Move application' }))
    expect(await screen.findAllByText("Queue can't be empty")).not.toHaveLength(0)
    expect(screen.getByText('Enter a queue to move the application to.')).toBeInTheDocument()
    expect(queries(details.moveApp)).toHaveLength(0)
    await user.clear(queue)
    await user.type(queue, ' root.etl ')
    await user.click(within(dialog).getByRole('button', { name: 'Move application' }))
    expect(
      await screen.findByText(
        'The application was moved to the new queue. It now runs in root.etl.',
        {},
        slow,
      ),
    ).toBeInTheDocument()
    expect(queries(details.moveApp).map((q) => q.get('queue'))).toEqual(['root.etl'])
  })
})

describe('log loading on the Errors tab (02 §4 Log loading, E108, E125, E126)', { timeout: 20_000 }, () => {
  it('appmeta says the logs are loaded: the already-loaded info and no task started', async () => {
    const { user, queries } = render({
      route: address('&tab=errors'),
      stubs: [stubEndpoint(spark.appMeta, meta(true))],
    })
    await user.click(await screen.findByRole('button', { name: 'Load logs' }, slow))
    expect(await screen.findByText('The executor logs are already loaded.', {}, slow)).toBeInTheDocument()
    expect(queries(details.loadLogs)).toHaveLength(0)
  })

  it('STARTED → the running notice; SUCCESS → the loaded notice, polling stops, Reload offered', async () => {
    const answers: LogTaskStatus['task_status'][] = ['STARTED', 'SUCCESS']
    const { user, queries } = render({
      route: address('&tab=errors'),
      stubs: [
        stubEndpoint(spark.appMeta, meta(false)),
        stubEndpoint(details.loadLogs, { task_id: 'lt-00ab', alreadyLoaded: false }),
        stubEndpoint(details.logLoadStatus, () => [
          { task_id: 'lt-00ab', task_status: answers.shift() ?? 'SUCCESS', failure_message: null },
        ]),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Load logs' }, slow))
    expect(await screen.findByText('The executor logs are still loading.', {}, slow)).toBeInTheDocument()
    expect(
      await screen.findByText('The executor logs were loaded. Reload to see them.', {}, { timeout: 6_000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload errors' })).toBeInTheDocument()
    expect(screen.getByText('Log-load task lt-00ab: loaded')).toBeInTheDocument()
    const polls = queries(details.logLoadStatus).length
    expect(queries(details.logLoadStatus)[0]!.get('task_id')).toBe('lt-00ab')
    await new Promise((r) => setTimeout(r, 2_500))
    expect(queries(details.logLoadStatus)).toHaveLength(polls)
  })

  it('FAILURE → a danger notice prefixed by the server message, kept 7000 ms', async () => {
    const shown = vi.spyOn(notifications, 'update')
    const { user } = render({
      route: address('&tab=errors'),
      stubs: [
        stubEndpoint(spark.appMeta, meta(false)),
        stubEndpoint(details.loadLogs, { task_id: 'lt-0f', alreadyLoaded: false }),
        stubEndpoint(details.logLoadStatus, [
          {
            task_id: 'lt-0f',
            task_status: 'FAILURE',
            failure_message: 'Executor log directory missing on node-7.',
          },
        ]),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Load logs' }, slow))
    const text = 'Executor log directory missing on node-7. The executor logs could not be loaded.'
    expect(await screen.findByText(text, {}, slow)).toBeInTheDocument()
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ message: text, color: 'red', autoClose: 7000 }),
    )
  })

  it('the task missing from the status answer → a danger notice naming the task, polling stops', async () => {
    const { user } = render({
      route: address('&tab=errors'),
      stubs: [
        stubEndpoint(spark.appMeta, meta(false)),
        stubEndpoint(details.loadLogs, { task_id: 'lt-77', alreadyLoaded: false }),
        stubEndpoint(details.logLoadStatus, []),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Load logs' }, slow))
    expect(await screen.findByText('The log-loading task lt-77 was not found.', {}, slow)).toBeInTheDocument()
    expect(screen.getByText('Log-load task lt-77: failed')).toBeInTheDocument()
  })
})

describe('the Summary tab: tags, policy violations, comments', { timeout: 20_000 }, () => {
  it('comments: the list with author and time; a sent comment shows without a reload; blank cannot be sent', async () => {
    const stored: AppComment[] = [
      {
        id: 1,
        appId: running.id,
        author: 'admin',
        comment: 'Retried with more memory.',
        createdAt: 1795402300000,
      },
    ]
    const { user, bodies } = render({
      stubs: [
        stubEndpoint(details.sendComment, async (r: Request) => {
          const { comment } = (await r.clone().json()) as { comment: string }
          const c = {
            id: stored.length + 1,
            appId: running.id,
            author: 'analyst',
            comment,
            createdAt: 1795402400000,
          }
          stored.push(c)
          return c
        }),
        stubEndpoint(details.comments, () => [...stored]),
      ],
    })
    const list = await screen.findByRole('list', { name: 'Comments' }, slow)
    expect(within(list).getByText('Retried with more memory.')).toBeInTheDocument()
    expect(within(list).getByText(/^admin · /)).toBeInTheDocument()
    const box = screen.getByRole('textbox', { name: 'Add a comment' })
    expect(box).toHaveAttribute('maxlength', '2000')
    expect(screen.getByRole('button', { name: 'Send comment' })).toBeDisabled()
    await user.type(box, '  Moved to root.etl to finish tonight.  ')
    expect(screen.getByText('40 / 2,000 characters')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send comment' }))
    expect(
      await within(list).findByText('Moved to root.etl to finish tonight.', {}, slow),
    ).toBeInTheDocument()
    expect(bodies(details.sendComment)).toEqual([{ comment: 'Moved to root.etl to finish tonight.' }])
    expect(box).toHaveValue('')
  })

  it('tags: shown as key: value; adding one sends the whole set; removing one sends the rest', async () => {
    let tags: AppTags = { env: ['prod'], team: ['finance'] }
    const { user, bodies } = render({
      stubs: [
        stubEndpoint(details.setTags, async (r: Request) => {
          const body = (await r.clone().json()) as { tags: { key: string; value: string }[] }
          tags = {}
          for (const t of body.tags) (tags[t.key] ??= []).push(t.value)
          return tags
        }),
        stubEndpoint(details.tags, () => tags),
      ],
    })
    const list = await screen.findByRole('list', { name: 'Tags' }, slow)
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['env: prod', 'team: finance'])
    await user.type(screen.getByRole('textbox', { name: 'Tag key' }), 'project')
    await user.type(screen.getByRole('textbox', { name: 'Tag value' }), 'pricing')
    await user.click(screen.getByRole('button', { name: 'Add tag' }))
    expect(await screen.findByText('project: pricing', {}, slow)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove tag env: prod' }))
    await waitFor(() => expect(screen.queryByText('env: prod')).not.toBeInTheDocument())
    expect(bodies(details.setTags)).toEqual([
      {
        tags: [
          { key: 'env', value: 'prod' },
          { key: 'team', value: 'finance' },
          { key: 'project', value: 'pricing' },
        ],
      },
      {
        tags: [
          { key: 'team', value: 'finance' },
          { key: 'project', value: 'pricing' },
        ],
      },
    ])
  })

  it('a read-only admin sees the tags but no editor', async () => {
    render({
      user: testUser({ role: 'readonlyAdmin', isReadonlyAdmin: true }),
      stubs: [stubEndpoint(details.tags, { env: ['prod'] })],
    })
    expect(await screen.findByText('env: prod', {}, slow)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Tag key' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Remove tag/ })).not.toBeInTheDocument()
  })

  it('policy violations: when each fired and which policy, at most 10 asked; none says so', async () => {
    const { queries } = render({
      stubs: [
        stubEndpoint(details.recentViolationsByApp, [
          { eventTime: Date.UTC(2026, 10, 20, 9, 30), eventName: 'Long-running Spark app', policyId: 'p-1' },
        ]),
      ],
    })
    const rows = await tableRows('Policy violations', slow)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toHaveTextContent('Long-running Spark app')
    expect(rows[0]).toHaveTextContent(/2026/)
    expect(queries(details.recentViolationsByApp)[0]!.get('limit')).toBe('10')
  })
})

import { useMemo, useState } from 'react'
import { Alert, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core'
import {
  CHANNEL_PAGE_SIZE,
  CHANNEL_SORT_KEYS,
  CHANNEL_TYPE_LABELS,
  CHANNEL_TYPES,
  DEFAULT_CHANNEL_SORT,
  formatDateTime,
  formatSortParam,
  parseSortParam,
  type ChannelTest,
  type ChannelType,
  type NotificationChannel,
  type NotificationChannelInput,
  type NotificationChannelListQuery,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import type { DataColumn } from '../../components/table/table-types.ts'
import { timeColumn } from '../../components/table/time-column.ts'
import { columns as col } from '../../kit/columns.tsx'
import * as field from '../../kit/fields.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import { defineListState, type ListStateOf } from '../../kit/list-state.ts'
import { ListPage } from '../../kit/list-page.tsx'
import {
  ConfirmDeleteModal,
  recordActionsColumn,
  useRecordEditor,
  writeRefusal,
} from '../../kit/record-actions.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import type { ChannelCalls } from './api.ts'
import { ChannelForm } from './channel-form.tsx'

const fields = {
  sort: field.sort('sort', parseSortParam(DEFAULT_CHANNEL_SORT)!, CHANNEL_SORT_KEYS),
  page: field.page('page'),
  pageSize: field.pageSize(CHANNEL_PAGE_SIZE),
}
const filters = { search: field.text('search'), type: field.text('type') }

/** The list's state, all of it in the address: the name search, the kind, the sort and the page. */
export const channelListState = defineListState({ fields, filters })
type View = ListStateOf<typeof fields, typeof filters>

const isChannelType = (value: string): value is ChannelType =>
  (CHANNEL_TYPES as readonly string[]).includes(value)

/** E176's query for the state: searched, filtered, sorted and paged by the server. */
export function channelListQuery(view: View): NotificationChannelListQuery {
  const search = view.filters.search.trim()
  const type = view.filters.type
  return {
    ...(search && { search }),
    ...(isChannelType(type) && { type }),
    sort: formatSortParam(view.sort) as NotificationChannelListQuery['sort'],
    page: view.page,
    pageSize: view.pageSize,
  }
}

const FILTERS: readonly FilterSpec<View['filters'], undefined>[] = [
  { kind: 'text', field: 'search', label: 'Search', placeholder: 'Part of a channel name' },
  {
    kind: 'select',
    field: 'type',
    label: 'Type',
    placeholder: 'All types',
    options: () => CHANNEL_TYPES.map((type) => ({ value: type, label: CHANNEL_TYPE_LABELS[type] })),
  },
]

/** A test's outcome as a badge, its detail on hover and for screen readers. */
function TestBadge({ test }: { test: ChannelTest }) {
  return (
    <Tooltip label={test.detail} multiline maw={360}>
      {/* The dot variant keeps the word in body text colour (AA on any row); tabIndex for the tooltip. */}
      <Badge color={test.outcome === 'delivered' ? 'green' : 'red'} variant="dot" tt="none" tabIndex={0}>
        {test.outcome === 'delivered' ? 'Delivered' : 'Failed'}
      </Badge>
    </Tooltip>
  )
}

function columns(
  canWrite: boolean,
  actions: {
    edit: (c: NotificationChannel) => void
    remove: (c: NotificationChannel) => void
    test: (c: NotificationChannel) => void
  },
  testing: number | null,
): DataColumn<NotificationChannel>[] {
  return [
    { key: 'name', title: 'Name', width: 220, sticky: true },
    { key: 'type', title: 'Type', width: 100, value: (c) => CHANNEL_TYPE_LABELS[c.type] },
    { key: 'target', title: 'Sends to', width: 280, sortable: false, ellipsis: true },
    {
      // The time in the display zone, which the heading names; the outcome beside it.
      ...timeColumn<NotificationChannel>('lastTestAt', 'Last test', (c) => c.lastTest?.at ?? null, 240),
      exportValue: (c) => (c.lastTest ? `${c.lastTest.outcome} ${formatDateTime(c.lastTest.at)}` : ''),
      render: (c) =>
        c.lastTest ? (
          <Group gap={6} wrap="nowrap">
            <TestBadge test={c.lastTest} />
            <Text size="sm">{formatDateTime(c.lastTest.at)}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Never tested
          </Text>
        ),
    },
    col.time<NotificationChannel>('createdAt', 'Created'),
    { key: 'createdBy', title: 'Created by', width: 110, sortable: false },
    ...(canWrite
      ? [
          {
            key: 'test',
            title: 'Test',
            width: 110,
            sortable: false,
            searchable: false,
            exportable: false,
            render: (c: NotificationChannel) => (
              <Button
                variant="light"
                size="compact-sm"
                loading={testing === c.id}
                aria-label={`Send a test to ${c.name}`}
                onClick={() => actions.test(c)}
              >
                Send test
              </Button>
            ),
          },
          recordActionsColumn<NotificationChannel>((c) => `the channel ${c.name}`, actions),
        ]
      : []),
  ]
}

/** What the page says after a test send: where it went and how, or why it was refused. */
type TestNotice = { channel: string; test: ChannelTest } | { channel: string; refusal: string }

function TestNoticeAlert({ notice, onClose }: { notice: TestNotice; onClose: () => void }) {
  const failed = 'refusal' in notice || notice.test.outcome === 'failed'
  return (
    <Alert
      color={failed ? 'red' : 'green'}
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      title={
        'refusal' in notice
          ? `The test of “${notice.channel}” was refused`
          : `Test of “${notice.channel}”: ${notice.test.outcome === 'delivered' ? 'delivered' : 'failed'}`
      }
    >
      {'refusal' in notice ? notice.refusal : `${notice.test.detail} (${formatDateTime(notice.test.at)}).`}
    </Alert>
  )
}

/**
 * /manage/notification_channel (Hadoop, EMR, Databricks) and /manage/os_notification_channels
 * (BigQuery, Snowflake), E176-E177: the channels of the user's platform, searched, sorted and paged
 * by the server; admins and users add, edit, test and delete them (read-only admins read). A test
 * send is recorded by the server and never sent; its outcome shows in the list and above it.
 */
export function ChannelsPage({ calls }: { calls: ChannelCalls }) {
  useDocumentTitle('Notification Channels')
  const canWrite = useAppSelector((s) => s.session.user)!.role !== 'readonlyAdmin'
  const list = useListState(channelListState)
  const request = useMemo(() => channelListQuery(list.state), [list.state])
  const result = calls.useList(request)
  const [createChannel] = calls.useCreate()
  const [updateChannel] = calls.useUpdate()
  const [deleteChannel, deletion] = calls.useRemove()
  const [sendTest] = calls.useSendTest()
  const [testing, setTesting] = useState<number | null>(null)
  const [notice, setNotice] = useState<TestNotice | null>(null)
  const { editing, setEditing, deleting, setDeleting, save, confirmDelete } = useRecordEditor({
    create: (input: NotificationChannelInput) => createChannel(input),
    update: (c: NotificationChannel, input: NotificationChannelInput) =>
      updateChannel({ id: c.id, ...input }),
    remove: (c: NotificationChannel) => deleteChannel({ id: c.id }),
  })

  async function test(channel: NotificationChannel) {
    setTesting(channel.id)
    const answer = await sendTest({ id: channel.id })
    setTesting(null)
    const refusal = writeRefusal(answer)
    if (refusal) setNotice({ channel: channel.name, refusal })
    else if (answer.data?.lastTest) setNotice({ channel: channel.name, test: answer.data.lastTest })
  }

  const data = result.data
  return (
    <>
      <ListPage
        title="Notification Channels"
        description="Where alerts and budget warnings are sent: e-mail, Slack, webhooks and PagerDuty. A test is recorded, never sent."
        caption="Notification channels"
        what="The notification channels"
        list={list}
        result={result}
        request={request}
        rangePicker={false}
        rows={(d) => d?.channels ?? []}
        total={(d) => d?.total ?? 0}
        filters={{ specs: FILTERS, layout: 'row' }}
        columns={columns(
          canWrite,
          { edit: setEditing, remove: setDeleting, test: (c) => void test(c) },
          testing,
        )}
        rowKey={(c) => String(c.id)}
        emptyText={canWrite ? 'No channel matches: add one to send alerts somewhere.' : 'No channel matches.'}
        download={{ name: 'notification_channels', formats: ['csv'] }}
      >
        <Stack gap="xs">
          {canWrite && (
            <Group justify="flex-end">
              <Button onClick={() => setEditing('new')}>Add channel</Button>
            </Group>
          )}
          {notice && <TestNoticeAlert notice={notice} onClose={() => setNotice(null)} />}
          {data?.errors.map((message) => (
            <Alert key={message} color="yellow" role="status">
              {message}
            </Alert>
          ))}
        </Stack>
      </ListPage>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={editing === 'new' ? 'Add channel' : `Edit channel ${editing?.name ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <ChannelForm
            stored={editing === 'new' ? undefined : editing}
            submitLabel={editing === 'new' ? 'Add channel' : 'Save channel'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete channel"
        failure={deletion.isError ? deletion.error : undefined}
        deleting={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the channel “{deleting?.name}”? Monitors that notify it stop doing so; its test history goes
        with it.
      </ConfirmDeleteModal>
    </>
  )
}

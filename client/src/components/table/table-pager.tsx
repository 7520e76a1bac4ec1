import { useState } from 'react'
import { ActionIcon, Group, NativeSelect, Text, TextInput, Tooltip } from '@mantine/core'
import { IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react'
import { clampPageInput, lastReachablePage, recordCapNotice } from '@costlens/shared'

interface TablePagerProps {
  caption: string
  page: number
  pageSize: number
  pageSizes: readonly number[]
  totalRecords: number
  maxRecords: number
  onPage: (page: number) => void
  onPageSize: (size: number) => void
}

/**
 * The footer of a paged table: total, page size, page input and arrows. The last page is the last
 * one the record cap lets a user reach (B097), and the cap is said in words when it applies (B098).
 */
export function TablePager(props: TablePagerProps) {
  const { caption, page, pageSize, pageSizes, totalRecords, maxRecords } = props
  const pages = lastReachablePage(Math.min(totalRecords, maxRecords), pageSize)
  const cap = recordCapNotice(totalRecords, maxRecords)
  return (
    <Group justify="space-between" gap="sm" mt="xs" wrap="wrap">
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          {totalRecords.toLocaleString('en-US')} {totalRecords === 1 ? 'record' : 'records'}
        </Text>
        {cap && (
          <Tooltip label={cap}>
            <Group gap={4} component="span">
              <IconInfoCircle size={16} aria-hidden />
              <Text size="sm" component="span">
                {cap}
              </Text>
            </Group>
          </Tooltip>
        )}
      </Group>
      <Group gap="xs">
        <NativeSelect
          aria-label={`Rows per page of ${caption}`}
          size="xs"
          value={String(pageSize)}
          data={pageSizes.map((n) => ({ value: String(n), label: `${n} / page` }))}
          onChange={(e) => props.onPageSize(Number(e.currentTarget.value))}
        />
        <ActionIcon
          variant="default"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => props.onPage(page - 1)}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        {/* Keyed by page so the box shows the new page after the arrows move it. */}
        <PageInput key={page} caption={caption} page={page} pages={pages} onPage={props.onPage} />
        <Text size="sm">of {pages}</Text>
        <ActionIcon
          variant="default"
          aria-label="Next page"
          disabled={page >= pages}
          onClick={() => props.onPage(page + 1)}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  )
}

/** B094: a typed page goes to the nearest page that exists, on Enter or when the box loses focus. */
function PageInput(props: { caption: string; page: number; pages: number; onPage: (page: number) => void }) {
  const [text, setText] = useState(String(props.page))
  const commit = () => {
    const page = clampPageInput(text, props.pages)
    setText(String(page))
    if (page !== props.page) props.onPage(page)
  }
  return (
    <TextInput
      aria-label={`Page of ${props.caption}`}
      size="xs"
      w={64}
      value={text}
      inputMode="numeric"
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit()
      }}
    />
  )
}

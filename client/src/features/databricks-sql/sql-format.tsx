import { Badge, Group } from '@mantine/core'
import { formatBytes, formatDurationMs, formatUsd, type DateRange } from '@costlens/shared'

/** USD on screen to 4 decimals, as every Databricks cost (02 §9). */
export const usd = (value: number) => formatUsd(value)
export const dbus = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} DBU`
export const hours = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`
export const count = (value: number) => value.toLocaleString('en-US')
export const bytes = (value: number) => formatBytes(value)
export const duration = (ms: number) => (ms > 0 ? formatDurationMs(ms) : '0s')

/** The window of a page as its calls take it (epoch ms as text). */
export const windowArgs = (range: DateRange) => ({
  start_time: String(range.start),
  end_time: String(range.end),
})

/** 01 §2.3: the SQL pages are a preview; the badge sits beside each page's title (and in the nav). */
export function PreviewTitle({ title }: { title: string }) {
  return (
    <Group gap="xs" component="span">
      {title}
      <Badge variant="light" color="grape" size="sm" aria-label="Preview">
        Preview
      </Badge>
    </Group>
  )
}

export const STATUS_WORDS: Readonly<Record<string, string>> = {
  S: 'Succeeded',
  F: 'Failed',
  K: 'Canceled',
  R: 'Running',
}

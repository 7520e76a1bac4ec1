import type { ReactNode } from 'react'
import { SimpleGrid, Stack, Text } from '@mantine/core'

/** One labelled value of a details page; null or '' shows '--' rather than nothing. */
export interface GridField {
  label: string
  value: ReactNode
}

/** The fields of a details page as a description list: label over value, in columns. */
export function FieldGrid({ fields, cols = 3 }: { fields: readonly GridField[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: cols }} spacing="sm" verticalSpacing="xs" m={0}>
      {fields.map((f) => (
        <Stack key={f.label} gap={0}>
          <Text component="dt" size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {f.value === null || f.value === undefined || f.value === '' ? '--' : f.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  )
}

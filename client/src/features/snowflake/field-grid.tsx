import { SimpleGrid, Stack, Text } from '@mantine/core'
import type { SnowflakeQueryDetails } from '@costlens/shared'
import type { QueryField } from './query-fields.ts'
import classes from './snowflake.module.css'

/** A tab's fields as a description list: label above value, in columns that wrap on narrow screens. */
export function FieldGrid({
  fields,
  details,
}: {
  fields: readonly QueryField[]
  details: SnowflakeQueryDetails
}) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 2, lg: 4 }}
      spacing="md"
      verticalSpacing="sm"
      className={classes.dl}
    >
      {fields.map((field) => (
        <Stack key={field.key} gap={2}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
            {field.label}
          </Text>
          <Text component="dd" size="sm" className={classes.value}>
            {field.text(details)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  )
}

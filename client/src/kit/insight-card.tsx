import { Badge, Card, Group, Text, Title } from '@mantine/core'

/** What an insight card shows; the platform formats the saving in its own unit and period. */
export interface InsightCardProps {
  name: string
  category: string
  /** Already formatted: '$ 1.23' for a job, '$ 45.00 / month' for a recurring query. */
  saving: string
  description: string
  recommendation: string
}

/**
 * One insight of a query's or job's details: its name and category, the estimated saving, what was
 * found and what to do about it. An article named after the insight, so a screen reader can jump
 * between them.
 */
export function InsightCard({ name, category, saving, description, recommendation }: InsightCardProps) {
  return (
    <Card withBorder padding="md" component="article" aria-label={name}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="xs">
          <Title order={3} size="h5">
            {name}
          </Title>
          <Badge variant="light" size="sm" color="gray">
            {category}
          </Badge>
        </Group>
        <Text size="sm" fw={600} c="teal.9">
          Estimated saving {saving}
        </Text>
      </Group>
      <Text size="sm" mt="xs">
        {description}
      </Text>
      <Text size="sm" mt="xs">
        <Text span fw={600}>
          Recommendation:{' '}
        </Text>
        {recommendation}
      </Text>
    </Card>
  )
}

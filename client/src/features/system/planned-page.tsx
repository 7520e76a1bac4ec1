import { Alert, Code, Stack, Text, Title } from '@mantine/core'
import type { RouteEntry } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'

/** A catalogued route whose screen does not exist yet says so plainly; nothing pretends to work. */
export function PlannedPage({ route }: { route: RouteEntry }) {
  useDocumentTitle(route.title)
  return (
    <Stack gap="sm" maw={720}>
      <Title order={1} size="h2">
        {route.title}
      </Title>
      <Alert color="gray" title="This screen is not built yet">
        <Text size="sm">
          The route is part of the console&apos;s catalogue and visible to you, but its screen has not been
          built. No data is shown here on purpose.
        </Text>
        <Text size="sm" mt="xs">
          Spec: <Code>{route.specIds.join(', ')}</Code> · path <Code>{route.path}</Code>
        </Text>
      </Alert>
    </Stack>
  )
}

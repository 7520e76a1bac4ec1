import { Alert, Button, Stack, Text, Title } from '@mantine/core'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { MESSAGES } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'

/**
 * B291: a screen whose code (a script or its CSS) could not be fetched, e.g. after a new release
 * replaced the chunk names, or when the asset load timed out. Browsers word it differently.
 */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return /ChunkLoadError|dynamically imported module|Importing a module script failed|Unable to preload CSS|CSS chunk/i.test(
    text,
  )
}

/** What a route shows when its screen fails to load or to render: a plain message and a reload. */
export function ScreenErrorPage() {
  const error = useRouteError()
  const chunk = isChunkLoadError(error)
  useDocumentTitle(chunk ? 'Update available' : 'Error')
  const detail = isRouteErrorResponse(error) ? error.statusText : error instanceof Error ? error.message : ''
  return (
    <Stack gap="sm" maw={720} p="md">
      <Title order={1} size="h2">
        {chunk ? 'This page could not be loaded' : MESSAGES.M017}
      </Title>
      <Alert color={chunk ? 'yellow' : 'red'} role="alert">
        <Text size="sm">
          {chunk
            ? 'Part of the console could not be downloaded. It may have been updated since you opened it, or the connection dropped. Reload to continue.'
            : `The page failed while showing. ${detail}`}
        </Text>
      </Alert>
      <Button w="fit-content" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Stack>
  )
}

import { SimpleGrid, Stack } from '@mantine/core'
import { CommentsPanel } from './comments-panel.tsx'
import type { AppRef } from './app-ref.ts'
import { TagsEditor } from './tags-editor.tsx'
import { ViolationsPanel } from './violations-panel.tsx'

/** Below the Summary tab's fields: the app's tags, its policy violations and its comments. */
export function SummaryPanels({ app }: { app: AppRef }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
      <Stack gap="sm">
        <TagsEditor appId={app.id} />
        <ViolationsPanel appId={app.id} clusterUid={app.clusterUid} />
      </Stack>
      <CommentsPanel appId={app.id} />
    </SimpleGrid>
  )
}

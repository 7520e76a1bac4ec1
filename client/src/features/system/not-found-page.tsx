import { Anchor, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router-dom'
import { useDocumentTitle } from '../../app/use-document-title.ts'

/** B024: any path no route matches. */
export function NotFoundPage() {
  useDocumentTitle('Page not found')
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text>There is no page at this address, or your account cannot open it.</Text>
      <Anchor component={Link} to="/">
        Go to your home page
      </Anchor>
    </Stack>
  )
}

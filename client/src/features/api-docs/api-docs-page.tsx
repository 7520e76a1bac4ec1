import { Alert, Anchor, Badge, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { api } from '../../api/api.ts'

interface OpenApiOperation {
  summary?: string
  tags?: string[]
  'x-spec-ids'?: string[]
}
interface OpenApiDocument {
  info: { title: string; version: string }
  paths: Record<string, Record<string, OpenApiOperation>>
}

const apiDocsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOpenApi: build.query<OpenApiDocument, void>({ query: () => '/openapi.json' }),
  }),
})

interface Row {
  method: string
  path: string
  summary: string
  specIds: string[]
}

/** Operations grouped by their first tag, in document order. */
export function operationsByTag(doc: OpenApiDocument): Map<string, Row[]> {
  const groups = new Map<string, Row[]>()
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other'
      const rows = groups.get(tag) ?? []
      rows.push({
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        specIds: op['x-spec-ids'] ?? [],
      })
      groups.set(tag, rows)
    }
  }
  return groups
}

/** /api_docs (R149, R176): the API this console talks to, from its live OpenAPI document. */
export default function ApiDocsPage() {
  const { data, isLoading, error } = apiDocsApi.useGetOpenApiQuery()
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          API documentation
        </Title>
        <Anchor href="/docs" target="_blank" rel="noopener">
          Open the interactive reference (Swagger UI)
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        Send <Code>Authorization: JWT &lt;token&gt;</Code> with every call; sign in with{' '}
        <Code>POST /api/v1/webSignIn</Code>.
      </Text>
      {isLoading && <Loader role="status" aria-label="Loading the API document" />}
      {error && (
        <Alert color="red">
          The API document could not be loaded: {(error as { message?: string }).message}
        </Alert>
      )}
      {data &&
        [...operationsByTag(data)].map(([tag, rows]) => (
          <Stack key={tag} gap={4}>
            <Title order={2} size="h4" tt="capitalize">
              {tag}
            </Title>
            <Table striped withTableBorder aria-label={`${tag} operations`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={90}>Method</Table.Th>
                  <Table.Th>Path</Table.Th>
                  <Table.Th>What it does</Table.Th>
                  <Table.Th w={110}>Spec</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.method} ${row.path}`}>
                    <Table.Td>
                      <Badge variant="light">{row.method}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Code>{row.path}</Code>
                    </Table.Td>
                    <Table.Td>{row.summary}</Table.Td>
                    <Table.Td>{row.specIds.join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
    </Stack>
  )
}

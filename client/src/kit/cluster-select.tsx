import { Select } from '@mantine/core'

/** The row the address names (by its name), or the first of the user's (as the HBase page does, B210). */
export function shownByName<R>(rows: readonly R[], name: string, nameOf: (row: R) => string): R | undefined {
  return rows.find((r) => nameOf(r) === name) ?? rows[0]
}

/**
 * The cluster picker of a service's pages (Kafka, Elasticsearch, Logstash, Kibana): searchable,
 * never empty once a cluster is shown. `label` names the service ('Kafka cluster').
 */
export function ClusterSelect({
  label,
  names,
  value,
  onChange,
  width = 240,
}: {
  label: string
  names: readonly string[]
  value: string | undefined
  onChange: (name: string) => void
  width?: number
}) {
  return (
    <Select
      label={label}
      w={width}
      data={[...names]}
      value={value ?? null}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No cluster matches"
      onChange={(name) => name && onChange(name)}
    />
  )
}

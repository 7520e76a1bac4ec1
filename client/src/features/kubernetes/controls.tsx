import { useId } from 'react'
import { useSearchParams } from 'react-router-dom'
import { SegmentedControl, Select, Text } from '@mantine/core'
import { KUBERNETES_GROUP_BYS, type KubernetesGroupBy } from '@costlens/shared'
import { GROUP_LABELS } from './groups.ts'

/*
 * The controls Top X and the usage trends share: the grouping, a labelled choice of measure, and the
 * address they are kept in (a link shows the same view).
 */

/** The address's parameters, and an update that sets (or, given null or '', removes) some of them in place. */
export function useAddressUpdate(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams()
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') p.delete(key)
          else p.set(key, value)
        }
        return p
      },
      { replace: true },
    )
  return [params, update]
}

/** "Group by": cluster, namespace, workload, pod, node or a label key. */
export function GroupBySelect({
  value,
  onChange,
}: {
  value: KubernetesGroupBy
  onChange: (groupBy: KubernetesGroupBy) => void
}) {
  return (
    <Select
      label="Group by"
      w={220}
      data={KUBERNETES_GROUP_BYS.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
      value={value}
      allowDeselect={false}
      onChange={(v) => v && onChange(v as KubernetesGroupBy)}
    />
  )
}

/** A segmented choice with a visible label that names it (the measure ranked or drawn). */
export function LabelledSegments<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
}: {
  label: string
  value: T
  options: readonly T[]
  labels: Record<T, string>
  onChange: (value: T) => void
}) {
  const id = useId()
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={(v) => onChange(v as T)}
        data={options.map((o) => ({ value: o, label: labels[o] }))}
      />
    </div>
  )
}

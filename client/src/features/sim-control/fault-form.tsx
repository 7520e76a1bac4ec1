import { useState, type FormEvent } from 'react'
import { Alert, Button, Group, NumberInput, Select, TextInput } from '@mantine/core'
import {
  FAULT_METHODS,
  FAULT_STATUSES,
  faultRouteProblem,
  MAX_FAULT_DELAY_MS,
  type FaultInput,
} from '@costlens/shared'
import { useAddFaultMutation } from './api.ts'
import type { ApiError } from '../../api/base-query.ts'

const METHOD_OPTIONS = [
  { value: '', label: 'Any method' },
  ...FAULT_METHODS.map((m) => ({ value: m, label: m })),
]
const STATUS_OPTIONS = [
  { value: '', label: 'The real answer (delay only)' },
  ...FAULT_STATUSES.map((s) => ({ value: String(s), label: String(s) })),
]

/** The fields as typed: numbers stay '' until the user gives one. */
interface Draft {
  route: string
  method: string
  status: string
  delayMs: number | string
  probability: number | string
  count: number | string
}

const EMPTY: Draft = { route: '', method: '', status: '500', delayMs: '', probability: '', count: '' }

/** The rule to send, or why it cannot be sent yet (checked here so the user sees it at once). */
export function faultFromDraft(draft: Draft): { fault: FaultInput } | { problem: string } {
  const route = draft.route.trim()
  if (!route.startsWith('/')) return { problem: 'The route pattern starts with /, e.g. /api/v1/search/**.' }
  const tooBig = faultRouteProblem(route)
  if (tooBig) return { problem: tooBig }
  const number = (v: number | string) => (v === '' ? undefined : Number(v))
  const fault: FaultInput = { route }
  if (draft.method) fault.method = draft.method as FaultInput['method']
  if (draft.status) fault.status = Number(draft.status) as FaultInput['status']
  const delayMs = number(draft.delayMs)
  const probability = number(draft.probability)
  const count = number(draft.count)
  if (delayMs) fault.delayMs = delayMs
  if (probability !== undefined) fault.probability = probability
  if (count !== undefined) fault.count = count
  if (fault.status === undefined && !fault.delayMs)
    return { problem: 'Choose a status to answer with, or a delay.' }
  return { fault }
}

/** Adds a fault rule: which requests (path pattern, method) and what they get (status, delay). */
export function FaultForm() {
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [problem, setProblem] = useState<string>()
  const [addFault, { isLoading }] = useAddFaultMutation()
  const set = (field: keyof Draft) => (value: string | number | null) =>
    setDraft((d) => ({ ...d, [field]: value ?? '' }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const result = faultFromDraft(draft)
    if ('problem' in result) return setProblem(result.problem)
    const answer = await addFault(result.fault)
    if ('error' in answer) return setProblem((answer.error as ApiError).message)
    setProblem(undefined)
    setDraft(EMPTY)
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add a fault">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Route pattern"
          description="* within a segment, ** across"
          placeholder="/api/v1/search/**"
          value={draft.route}
          onChange={(e) => set('route')(e.currentTarget.value)}
          required
          w={260}
        />
        <Select label="Method" data={METHOD_OPTIONS} value={draft.method} onChange={set('method')} w={140} />
        <Select
          label="Answer with"
          data={STATUS_OPTIONS}
          value={draft.status}
          onChange={set('status')}
          w={220}
        />
        <NumberInput
          label="Delay (ms)"
          min={0}
          max={MAX_FAULT_DELAY_MS}
          value={draft.delayMs}
          onChange={set('delayMs')}
          w={120}
        />
        <NumberInput
          label="Probability"
          description="0 to 1"
          min={0}
          max={1}
          step={0.1}
          decimalScale={2}
          value={draft.probability}
          onChange={set('probability')}
          w={110}
        />
        <NumberInput
          label="Requests"
          description="then removed"
          min={1}
          value={draft.count}
          onChange={set('count')}
          w={110}
        />
        <Button type="submit" loading={isLoading}>
          Add fault
        </Button>
      </Group>
      {problem && (
        <Alert color="red" mt="sm" role="alert">
          {problem}
        </Alert>
      )}
    </form>
  )
}

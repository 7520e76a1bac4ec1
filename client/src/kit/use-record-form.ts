import { useState, type FormEvent } from 'react'

/** A form's errors by field; empty when it may be sent. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>

export interface RecordFormOptions<D, F extends string> {
  /** The draft the form opens with (the stored record's, or a new one's). */
  initial: D | (() => D)
  /** The errors the server's own rules would answer, said before sending. */
  check: (draft: D) => FieldErrors<F>
  /** Sends the draft; answers the server's refusal, if any. */
  send: (draft: D) => Promise<string | undefined>
  /** The field a refusal is about, when the form shows it beside one; else (or without this) it shows above the buttons. */
  fieldOfRefusal?: (message: string) => NoInfer<F> | undefined
}

/**
 * The state and submit of a create/edit form (channels, monitors, detectors, …): a draft, its
 * field errors checked before sending, and the server's refusal shown under its field or, when
 * it names none, above the buttons (kit FormFooter).
 */
export function useRecordForm<D extends object, F extends string>({
  initial,
  check,
  send,
  fieldOfRefusal,
}: RecordFormOptions<D, F>) {
  const [draft, setDraft] = useState<D>(initial)
  const [errors, setErrors] = useState<FieldErrors<F>>({})
  const [refusal, setRefusal] = useState<string>()
  const [sending, setSending] = useState(false)
  const set = <K extends keyof D>(field: K, value: D[K]) => setDraft((d) => ({ ...d, [field]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = check(draft)
    setErrors(found)
    setRefusal(undefined)
    if (Object.keys(found).length > 0) return
    setSending(true)
    const problem = await send(draft)
    setSending(false)
    const field = problem ? fieldOfRefusal?.(problem) : undefined
    if (field) setErrors({ [field]: problem } as FieldErrors<F>)
    else setRefusal(problem)
  }

  return { draft, set, setDraft, errors, refusal, sending, submit }
}

import { useState } from 'react'
import { TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { TABLE_SEARCH_DEBOUNCE_MS } from '@costlens/shared'

export interface DebouncedTextInputProps {
  label: string
  placeholder?: string
  value: string
  onChange: (text: string) => void
}

/**
 * A text filter that sends its text once typing pauses (each search is a fetch, B187), and follows
 * its value when it changes from outside (Reset, the back button) without losing keys typed since.
 */
export function DebouncedTextInput({ label, placeholder, value, onChange }: DebouncedTextInputProps) {
  const [text, setText] = useState(value)
  // The last value seen from outside, and the last one this box sent: the address may lag a render
  // behind a send, and that lag must not wipe keys typed since.
  const [seen, setSeen] = useState(value)
  const [sent, setSent] = useState(value)
  if (value !== seen) {
    // Adjusting state while rendering, React's pattern for a prop that changed.
    setSeen(value)
    if (value !== sent) {
      setSent(value)
      setText(value)
    }
  }
  const send = useDebouncedCallback((next: string) => {
    setSent(next.trim())
    onChange(next.trim())
  }, TABLE_SEARCH_DEBOUNCE_MS)
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={14} aria-hidden />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value)
        send(e.currentTarget.value)
      }}
    />
  )
}

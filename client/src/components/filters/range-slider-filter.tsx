import { useId, useState } from 'react'
import { Anchor, Group, RangeSlider, Stack, Text, TextInput } from '@mantine/core'
import {
  costFilterDecimals,
  DURATION_MIN_RANGE,
  DURATION_PLACEHOLDER,
  formatBytes,
  formatCount,
  formatDecimal,
  formatHms,
  MESSAGES,
  moveDurationSlider,
  nonNegativeRange,
  parseHms,
  sliderAfterMetadata,
  type Range,
} from '@costlens/shared'

export interface RangeSliderFilterProps {
  /** duration in ms (hh:mm:ss), cost in USD, count in whole numbers (the events slider), bytes (KB, MB …). */
  variant: 'duration' | 'cost' | 'count' | 'bytes'
  label: string
  /** The list metadata's [min, max]: ms for duration, USD for cost. */
  metadata: Range
  /** B129: the user's range, or null while untouched (the slider then follows the metadata). */
  value: Range | null
  /** Called on change end only; a range marks the filter touched, null (Reset) untouched again. */
  onChange: (value: Range | null) => void
}

// The duration field reads to the second, so B128's minimum range of 1 is one second here.
const SECOND = 1000

/**
 * The duration or cost range filter (02 §2, §4, §5; 03 §4). The shown range is the shared B129
 * rule over the metadata, so a new response clamps it without the screen doing anything.
 */
export function RangeSliderFilter({ variant, label, metadata, value, onChange }: RangeSliderFilterProps) {
  const [draft, setDraft] = useState<Range | null>(null)
  const labelId = useId()
  const full = nonNegativeRange(metadata)
  const shown = draft ?? sliderAfterMetadata(value, value !== null, metadata)
  const duration = variant === 'duration'
  const whole = variant === 'count' || variant === 'bytes'
  const decimals = whole ? 0 : costFilterDecimals(full[1])
  // Bytes span up to terabytes: a step of a byte would make the keyboard useless, so 1/200 of the span.
  const step = duration
    ? SECOND
    : variant === 'bytes'
      ? Math.max(1, Math.round((full[1] - full[0]) / 200))
      : 10 ** -decimals
  const minRange = duration ? DURATION_MIN_RANGE * SECOND : step
  const format = (n: number) =>
    duration
      ? formatHms(n)
      : variant === 'bytes'
        ? formatBytes(n)
        : variant === 'count'
          ? formatCount(n)
          : `${MESSAGES.M106}${formatDecimal(n, decimals)}`

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} id={labelId}>
          {label}
        </Text>
        {value && (
          <Anchor component="button" type="button" size="xs" onClick={() => onChange(null)}>
            Reset
          </Anchor>
        )}
      </Group>
      <RangeSlider
        aria-labelledby={labelId}
        min={full[0]}
        max={full[1]}
        step={step}
        minRange={minRange}
        // B128: handles stop at each other rather than push each other along.
        pushOnOverlap={false}
        disabled={full[1] - full[0] < minRange}
        value={[shown[0], shown[1]]}
        label={format}
        thumbFromLabel={`Minimum ${label}`}
        thumbToLabel={`Maximum ${label}`}
        onChange={setDraft}
        onChangeEnd={(next) => {
          setDraft(null)
          onChange(next)
        }}
      />
      {duration ? (
        <DurationInputs label={label} full={full} shown={shown} onCommit={onChange} />
      ) : (
        <Text size="xs" aria-live="polite">
          {format(shown[0])} – {format(shown[1])}
        </Text>
      )}
    </Stack>
  )
}

interface DurationInputsProps {
  label: string
  full: Range
  shown: Range
  onCommit: (value: Range) => void
}

/** B128: the two hh:mm:ss fields; a typed range is applied on Enter or leaving the field. */
function DurationInputs({ label, full, shown, onCommit }: DurationInputsProps) {
  // Text being typed; null shows the slider's values.
  const [typed, setTyped] = useState<[string, string] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const texts = typed ?? [formatHms(shown[0]), formatHms(shown[1])]

  function commit() {
    if (!typed) return
    const a = parseHms(typed[0])
    const b = parseHms(typed[1])
    // Clamped to the range; refused when the two would cross or leave less than the minimum range.
    const next = a === null || b === null ? null : moveDurationSlider(full, [a, b])
    if (!next) return setError(MESSAGES.M064)
    setError(null)
    setTyped(null)
    onCommit(next)
  }
  const field = (i: 0 | 1, name: string) => (
    <TextInput
      size="xs"
      label={`${name} ${label}`}
      placeholder={DURATION_PLACEHOLDER}
      value={texts[i]}
      error={error !== null}
      onChange={(e) => {
        const next: [string, string] = [...texts]
        next[i] = e.currentTarget.value
        setTyped(next)
      }}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  )
  return (
    <Stack gap={4}>
      <Group grow gap="xs">
        {field(0, 'Minimum')}
        {field(1, 'Maximum')}
      </Group>
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  )
}

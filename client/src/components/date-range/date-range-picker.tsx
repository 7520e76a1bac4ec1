import { useId, useState } from 'react'
import { Button, Divider, Popover, Stack, Text, Tooltip } from '@mantine/core'
import { IconCalendar, IconLock } from '@tabler/icons-react'
import {
  PICKERS,
  presetAccess,
  presetRange,
  UPGRADE_TEXT,
  type DateRange,
  type PickerKind,
  type Plan,
  type Preset,
  type PresetValue,
} from '@costlens/shared'
import { UpgradePrompt } from '../upgrade-prompt/upgrade-prompt.tsx'
import { CustomRangeForm } from './custom-range-form.tsx'
import { rangeText } from './custom-range.ts'

/** What the picker emits: the range, the text its button shows, and the selector value (B062). */
export interface DateRangeSelection extends DateRange {
  label: string
  value: PresetValue
}

export interface DateRangePickerProps {
  value: DateRangeSelection | null
  onChange: (selection: DateRangeSelection) => void
  kind?: PickerKind
  freemium?: boolean
  /** B052: the one range a frozen-time user may see (frozenRange of the user). */
  frozen?: DateRange | null
  /** The current instant; tests pass a fixed one. */
  now?: number
}

/**
 * The date range picker (01 §5, 02 §5, 03 §5): the presets of its kind, a custom range, the
 * freemium locks (B056) and the frozen-time range (B052). Every rule is the shared one.
 */
export function DateRangePicker({
  value,
  onChange,
  kind = 'default',
  freemium = false,
  frozen = null,
  now,
}: DateRangePickerProps) {
  const [opened, setOpened] = useState(false)
  // Read the clock when the popover opens, not on every render, so presets and calendar agree.
  const [openedAt, setOpenedAt] = useState(0)
  const hintId = useId()
  const plan: Plan = freemium ? 'freemium' : 'enterprise'
  const def = PICKERS[kind]
  const shown = frozen ? rangeText(frozen) : value ? value.label : 'Select a date range'

  function toggle() {
    if (!opened) setOpenedAt(now ?? Date.now())
    setOpened(!opened)
  }
  function emit(selection: DateRangeSelection) {
    onChange(selection)
    setOpened(false)
  }
  function pickPreset(preset: Preset) {
    const range = presetRange(preset.value, openedAt, { completedDays: def.completedDays })
    if (range) emit({ ...range, label: preset.label, value: preset.value })
  }

  // Custom and Single Date have no range of their own: the calendar below offers them.
  const presets = def.presets.filter((p) => p.value !== 'custom' && p.value !== 'singleDate')
  const customLocked = presetAccess(plan, 'custom') !== 'enabled'

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconCalendar size={16} aria-hidden />}
          aria-label={`Date range: ${shown}`}
          onClick={toggle}
        >
          {shown}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {frozen ? (
          // B052: the picker cannot change a frozen range; it offers that range alone.
          <Button
            variant="light"
            onClick={() => emit({ ...frozen, label: rangeText(frozen), value: 'custom' })}
          >
            {rangeText(frozen)}
          </Button>
        ) : (
          <Stack gap={4} w={300}>
            <Text size="sm" fw={600} id={`${hintId}-presets`}>
              Presets
            </Text>
            <Stack gap={2} role="group" aria-labelledby={`${hintId}-presets`}>
              {presets.map((preset) => (
                <PresetButton
                  key={preset.value}
                  preset={preset}
                  blocked={presetAccess(plan, preset.value) !== 'enabled'}
                  selected={value?.value === preset.value}
                  hintId={hintId}
                  onPick={() => pickPreset(preset)}
                />
              ))}
            </Stack>
            <Divider my={6} />
            <Text size="sm" fw={600}>
              Custom range {customLocked && <IconLock size={14} role="img" aria-label="Locked" />}
            </Text>
            {!customLocked && (
              <CustomRangeForm
                kind={kind}
                now={openedAt}
                onApply={(range, v) => emit({ ...range, label: rangeText(range), value: v })}
              />
            )}
            {freemium && (
              <div id={hintId}>
                <UpgradePrompt variant="inline" />
              </div>
            )}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  )
}

interface PresetButtonProps {
  preset: Preset
  blocked: boolean
  selected: boolean
  hintId: string
  onPick: () => void
}

/**
 * B056: a preset the plan does not allow stays focusable (aria-disabled, not disabled) so keyboard
 * users reach its upgrade tooltip; the lock icon says it is locked without relying on colour.
 */
function PresetButton({ preset, blocked, selected, hintId, onPick }: PresetButtonProps) {
  const button = (
    <Button
      variant={selected ? 'light' : 'subtle'}
      justify="space-between"
      fullWidth
      aria-pressed={selected}
      aria-disabled={blocked || undefined}
      data-disabled={blocked || undefined}
      aria-describedby={blocked ? hintId : undefined}
      rightSection={blocked ? <IconLock size={14} aria-hidden /> : null}
      onClick={(e) => (blocked ? e.preventDefault() : onPick())}
    >
      {preset.label}
    </Button>
  )
  if (!blocked) return button
  return (
    <Tooltip label={UPGRADE_TEXT} multiline w={260}>
      {button}
    </Tooltip>
  )
}

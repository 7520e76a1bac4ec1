import { useState } from 'react'
import { Checkbox, Fieldset, ScrollArea, Stack, Text, TextInput } from '@mantine/core'
import {
  isActionAllowed,
  MULTI_SELECT_MAX,
  NO_MATCH_TEXT,
  searchTags,
  tagSelection,
  tagSelectorState,
  visibleTags,
  type TagOption,
} from '@costlens/shared'
import { PanelFailure } from '../panel-state/panel-state.tsx'
import { UpgradePrompt } from '../upgrade-prompt/upgrade-prompt.tsx'

export interface TagSelectorProps {
  tags: readonly TagOption[]
  /** B122: key → chosen values. */
  value: Readonly<Record<string, readonly string[]>>
  onChange: (value: Record<string, string[]>) => void
  /** B123: the cap on chosen values (default 10). */
  max?: number
  /** C20: freemium users get no tag filters; the selector is shown disabled with the upgrade prompt. */
  freemium?: boolean
  label?: string
  /**
   * The tags' call failed: the selector gives way to '{label} could not be loaded' with a retry,
   * and the rest of the page carries on (issue 15 #18).
   */
  failure?: { error: unknown; onRetry: () => void } | null
}

type Pair = readonly [string, string]

/**
 * The tag tree (03 §2, §4): each key with its values, searched over keys and values (B120), RealUser
 * left out (B121). B123: at the cap nothing more can be chosen and the max-items message shows;
 * chosen values stay uncheckable so the user can make room.
 */
export function TagSelector({
  tags,
  value,
  onChange,
  max = MULTI_SELECT_MAX,
  freemium = false,
  label = 'Tags',
  failure,
}: TagSelectorProps) {
  const [search, setSearch] = useState('')
  const pairs: Pair[] = Object.entries(value).flatMap(([k, vs]) => vs.map((v): Pair => [k, v]))
  const isChecked = (key: string, v: string) => value[key]?.includes(v) ?? false
  const cap = tagSelectorState(pairs.length, max)
  const locked = freemium && !isActionAllowed('freemium', 'tagFilter')
  const shown = searchTags(visibleTags(tags), search)

  function set(changed: readonly Pair[], checked: boolean) {
    const same = (a: Pair, b: Pair) => a[0] === b[0] && a[1] === b[1]
    const kept = pairs.filter((p) => !changed.some((c) => same(p, c)))
    onChange(tagSelection(checked ? [...kept, ...changed] : kept))
  }

  if (failure && !locked)
    return (
      <Fieldset legend={label} variant="unstyled">
        <PanelFailure what={label} compact {...failure} />
      </Fieldset>
    )

  return (
    <Stack gap={6}>
      <Fieldset legend={label} disabled={locked} variant="unstyled">
        <Stack gap={6}>
          <TextInput
            size="xs"
            aria-label={`Search ${label}`}
            placeholder="Search keys or values"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <ScrollArea.Autosize mah={240}>
            <Stack gap={4}>
              {shown.map((tag) => {
                const values = tag.values.map((v): Pair => [tag.key, v])
                const chosen = values.filter(([k, v]) => isChecked(k, v)).length
                const missing = values.length - chosen
                return (
                  <div key={tag.key}>
                    <Checkbox
                      size="xs"
                      label={tag.key}
                      checked={missing === 0}
                      indeterminate={chosen > 0 && missing > 0}
                      // Ticking a key adds all its shown values, so it is refused when they would pass the cap.
                      disabled={missing > 0 && pairs.length + missing > max}
                      onChange={() => set(values, missing > 0)}
                    />
                    <Stack gap={2} pl="lg" mt={2} role="group" aria-label={`${tag.key} values`}>
                      {tag.values.map((v) => (
                        <Checkbox
                          key={v}
                          size="xs"
                          label={v}
                          aria-label={`${tag.key}: ${v}`}
                          checked={isChecked(tag.key, v)}
                          disabled={!isChecked(tag.key, v) && cap.disabled}
                          onChange={(e) => set([[tag.key, v]], e.currentTarget.checked)}
                        />
                      ))}
                    </Stack>
                  </div>
                )
              })}
              {shown.length === 0 && (
                <Text size="xs" c="dimmed">
                  {NO_MATCH_TEXT}
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
          {cap.message && (
            <Text size="xs" role="status">
              {cap.message}
            </Text>
          )}
        </Stack>
      </Fieldset>
      {/* Outside the disabled fieldset, which would disable its button too. */}
      {locked && <UpgradePrompt variant="inline" />}
    </Stack>
  )
}

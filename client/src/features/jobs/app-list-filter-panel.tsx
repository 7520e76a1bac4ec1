import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import {
  APP_STATUS_CODES,
  APP_STATUS_LABELS,
  appTypeFilterOptions,
  formatAppType,
  type AppListFilters,
  type AppListType,
  type AppRecord,
  type CurrentUser,
  type Tag,
  type UnifiedSearchResponse,
} from '@costlens/shared'
import { MultiSelectFilter } from '../../components/filters/multi-select-filter.tsx'
import { TagSelector } from '../../components/filters/tag-selector.tsx'
import type { UsersAndQueues } from './api.ts'
import type { AppListView } from './app-list-state.ts'
import { RangeFilters } from './range-filters.tsx'

/** What the panel asks of the list: new filters, or all of them cleared. */
export type FilterEvent = { type: 'filters'; filters: Partial<AppListFilters> } | { type: 'showAll' }

/** B179: the statuses each list offers; running is fixed to R and offers none. */
const STATUS_OPTIONS: Record<AppListType, readonly string[]> = {
  all: APP_STATUS_CODES,
  running: [],
  finished: ['S', 'F', 'K'],
  inefficient: APP_STATUS_CODES,
}

interface AppListFilterPanelProps {
  view: AppListView
  user: CurrentUser
  metadata: UnifiedSearchResponse['metadata'] | undefined
  people: UsersAndQueues | undefined
  tags: Tag[] | undefined
  /** The tags' call failed: the tag filter says so with a retry; the list carries on. */
  tagsFailure?: { error: unknown; onRetry: () => void } | null
  onChange: (event: FilterEvent) => void
}

/**
 * The application list's filter groups (02 §2): type (B171), status, user, queue, application
 * events on the inefficient list, the duration, cost and events sliders, and tags (locked on the
 * free plan).
 */
export function AppListFilterPanel({
  view,
  user,
  metadata,
  people,
  tags,
  tagsFailure,
  onChange,
}: AppListFilterPanelProps) {
  const running = view.listType === 'running'
  const freemium = user.plan === 'freemium'
  return (
    <Paper withBorder p="sm" w={270} miw={270} component="aside" aria-label="Filters">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600}>Filters</Text>
          <Button size="compact-xs" variant="subtle" onClick={() => onChange({ type: 'showAll' })}>
            Reset
          </Button>
        </Group>
        <MultiSelectFilter
          label="Application Type"
          options={appTypeFilterOptions(user.clusterType, user.bigQueryEnabled, user.prestoEnabled).map(
            (t) => ({
              value: t,
              label: formatAppType(t),
            }),
          )}
          value={view.filters.appTypes}
          onChange={(appTypes) => onChange({ type: 'filters', filters: { appTypes } })}
          searchable={false}
        />
        {STATUS_OPTIONS[view.listType].length > 0 && (
          <MultiSelectFilter
            label="Status"
            options={STATUS_OPTIONS[view.listType].map((s) => ({
              value: s,
              label: APP_STATUS_LABELS[s as AppRecord['status']],
            }))}
            value={view.filters.statuses}
            onChange={(statuses) =>
              onChange({ type: 'filters', filters: { statuses: statuses as AppRecord['status'][] } })
            }
            searchable={false}
          />
        )}
        {!running && (
          <MultiSelectFilter
            label="User"
            options={(people?.users ?? []).map((u) => ({ value: u }))}
            value={view.filters.users}
            onChange={(users) => onChange({ type: 'filters', filters: { users } })}
          />
        )}
        <MultiSelectFilter
          label="Queue"
          options={(people?.queues ?? []).map((q) => ({ value: q }))}
          value={view.filters.queues}
          onChange={(queues) => onChange({ type: 'filters', filters: { queues } })}
        />
        {view.listType === 'inefficient' && (
          <MultiSelectFilter
            label="Application Events"
            options={(metadata?.appEvents ?? []).map((e) => ({ value: e.name, count: e.count }))}
            value={view.filters.insights}
            onChange={(insights) => onChange({ type: 'filters', filters: { insights } })}
            searchable={false}
          />
        )}
        {!running && (
          <RangeFilters
            duration={view.filters.duration}
            cost={view.filters.cost}
            events={view.filters.events}
            metadata={metadata}
            onChange={(filters) => onChange({ type: 'filters', filters })}
          />
        )}
        <TagSelector
          label="Tags"
          tags={tags ?? []}
          value={view.filters.tags}
          onChange={(value) => onChange({ type: 'filters', filters: { tags: value } })}
          freemium={freemium}
          failure={tagsFailure}
        />
      </Stack>
    </Paper>
  )
}

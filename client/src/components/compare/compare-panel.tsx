import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import { IconChevronUp, IconX } from '@tabler/icons-react'
import { comparePanel, compareControls, pressCompare, type CompareType } from '@costlens/shared'
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts'
import { compareCleared, compareRemoved } from './compare-slice.ts'
import classes from './compare-panel.module.css'

/**
 * The floating 'Compare {type}' panel (03 §2 Compare feature, B261-B264): the count and, while the
 * pointer or the keyboard focus is inside, the chosen ids (each a link to its details), the
 * Compare button and Clear. Hidden while nothing is chosen. Compare goes to the type's compare
 * route with `ids` and clears the selection.
 *
 * It floats over the bottom right of the page, so the page gains room below its last content as
 * tall as the panel (open or not) and its margins: scrolled to the end, the table's last row and
 * its pager sit above the panel, never under it.
 */
export function ComparePanel({ type }: { type: CompareType }) {
  const selection = useAppSelector((s) => s.compare[type])
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [pointerInside, setPointerInside] = useState(false)
  const [focusInside, setFocusInside] = useState(false)
  const { ref: panelRef, height: panelHeight } = useElementSize()
  const panel = comparePanel(type, selection, pointerInside || focusInside)
  if (panel.collapsed) return null
  const { buttonDisabled } = compareControls(selection.length)

  const compare = () => {
    const pressed = pressCompare(type, selection)
    if (!pressed) return
    dispatch(compareCleared({ type }))
    void navigate(pressed.to)
  }

  return (
    <>
      {/* Room below the page's last content, so the floating panel never hides it for good. */}
      <div
        className={classes.spacer}
        style={
          panelHeight > 0 ? { height: `calc(${panelHeight}px + var(--compare-panel-margins))` } : undefined
        }
        data-testid="compare-panel-room"
        aria-hidden
      />
      <Paper
        ref={panelRef}
        component="aside"
        aria-label={panel.title}
        className={classes.panel}
        shadow="md"
        withBorder
        p="sm"
        onMouseEnter={() => setPointerInside(true)}
        onMouseLeave={() => setPointerInside(false)}
        onFocus={() => setFocusInside(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusInside(false)
        }}
      >
        <UnstyledButton
          className={classes.header}
          aria-expanded={panel.expanded}
          onClick={() => setPointerInside((v) => !v)}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={600} size="sm">
              {panel.title}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Badge size="sm" circle aria-label={`${panel.count} selected`}>
                {panel.count}
              </Badge>
              <IconChevronUp
                size={16}
                aria-hidden
                className={panel.expanded ? classes.chevronOpen : classes.chevron}
              />
            </Group>
          </Group>
        </UnstyledButton>
        {panel.expanded && (
          <Stack gap="xs" mt="xs">
            <Stack gap={4} component="ul" className={classes.list}>
              {panel.links.map((link) => (
                <Group key={link.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={link.href} size="sm" className={classes.id}>
                    {link.id}
                  </Anchor>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${link.id} from compare`}
                    onClick={() => dispatch(compareRemoved({ type, id: link.id }))}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => dispatch(compareCleared({ type }))}>
                Clear
              </Button>
              <Button size="xs" disabled={buttonDisabled} onClick={compare}>
                Compare
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </>
  )
}

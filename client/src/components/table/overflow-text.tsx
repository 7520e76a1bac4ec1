import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Tooltip } from '@mantine/core'
import classes from './data-table.module.css'

/**
 * Changes whenever the table's columns may have changed width (a resize, a column shown or
 * hidden), so each cell measures again whether its text is cut.
 */
export const TableLayoutContext = createContext('')

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]'

/** Whether the element, or any text inside it that Mantine truncates, is cut short. */
function isCut(element: HTMLElement): boolean {
  const parts = [element, ...element.querySelectorAll<HTMLElement>('[data-truncate]')]
  return parts.some((part) => part.scrollWidth > part.clientWidth)
}

/**
 * A cell's content with its full text in a tooltip while any of it is cut by the column's width,
 * on hover and on keyboard focus. A cut cell joins the tab order (unless it already holds a link
 * or a button, which takes the focus instead), so a keyboard user can read it too; screen readers
 * read the whole text anyway, since the cut is only visual. `always`: the label says more than the
 * cell (an id behind a name), so it shows on hover even when nothing is cut.
 */
export function OverflowTooltip({
  label,
  always = false,
  children,
}: {
  label: string
  always?: boolean
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const layout = useContext(TableLayoutContext)
  const [cut, setCut] = useState({ cut: false, focusable: false })
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const next = { cut: isCut(element), focusable: !element.querySelector(FOCUSABLE) }
    setCut((now) => (now.cut === next.cut && now.focusable === next.focusable ? now : next))
  }, [label, layout])
  const content = (
    <div ref={ref} className={classes.cellText} tabIndex={cut.cut && cut.focusable ? 0 : undefined}>
      {children}
    </div>
  )
  // A table holds hundreds of cells: only those with something to tell carry a tooltip.
  if (!cut.cut && !always) return content
  return (
    <Tooltip
      label={label}
      events={{ hover: true, focus: true, touch: false }}
      openDelay={250}
      multiline
      maw={480}
      withinPortal
    >
      {content}
    </Tooltip>
  )
}

/** A plain-text cell, cut with an ellipsis to its column and shown whole on hover and focus. */
export function CellText({ text }: { text: string }) {
  return <OverflowTooltip label={text}>{text}</OverflowTooltip>
}

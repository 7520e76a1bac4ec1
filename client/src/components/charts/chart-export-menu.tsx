import { useState } from 'react'
import { ActionIcon, Menu } from '@mantine/core'
import { IconMenu2 } from '@tabler/icons-react'
import type { Chart } from 'highcharts'
import { MESSAGES } from '@costlens/shared'
import { showToast } from '../../app/toasts.ts'
import { EXPORT_SKIP_ATTRIBUTE } from '../export/page-html.ts'
import { usePdfExport } from '../export/pdf-export.ts'
import { runChartExport, type ChartExportItem } from './chart-export.ts'

interface ChartExportMenuProps {
  chart: Chart
  /** The chart's title: the button's accessible name and the files' name. */
  title: string
  items: readonly ChartExportItem[]
}

/**
 * The chart's export menu (B270): Print, PNG, JPEG, PDF, SVG, CSV, XLS, in the chart's top right
 * corner where Highcharts puts its own. A failed export says so in a toast (M022).
 */
export function ChartExportMenu({ chart, title, items }: ChartExportMenuProps) {
  const [busy, setBusy] = useState(false)
  const { exportHtml } = usePdfExport()
  const run = async (item: ChartExportItem) => {
    setBusy(true)
    try {
      await runChartExport(chart, item, title, exportHtml)
    } catch {
      showToast('error', MESSAGES.M022)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          loading={busy}
          aria-label={`Export ${title}`}
          pos="absolute"
          top={6}
          right={6}
          style={{ zIndex: 2 }}
          {...{ [EXPORT_SKIP_ATTRIBUTE]: '' }}
        >
          <IconMenu2 size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item} onClick={() => void run(item)}>
            {item}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}

import { useLocation } from 'react-router-dom'
import { CostPage } from '../../kit/cost-page.tsx'
import { Cost360View } from './cost360-view.tsx'
import { TagsView } from './tags-view.tsx'
import { TopKView } from './topk-view.tsx'

/** The BigQuery cost pages (03 §2 /cost/…, R152-R154, admin only) as views of the kit's cost page, by path. */
const VIEWS = {
  '/cost/osd_cost360': { title: 'Cost 360', View: Cost360View },
  '/cost/osd_topk': { title: 'Top K', View: TopKView },
  '/cost/osd_tags': { title: 'Cost by tag', View: TagsView },
} as const

export default function BigQueryCostPage() {
  const { pathname } = useLocation()
  const { title, View } = VIEWS[pathname as keyof typeof VIEWS] ?? VIEWS['/cost/osd_cost360']
  return <CostPage title={title}>{(props) => <View {...props} />}</CostPage>
}

import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { useListState } from '../../kit/use-list-state.ts'
import { anomalyCallsFor } from './api.ts'
import { anomaliesState, openDetectorId } from './anomalies-state.ts'
import { DetectorsView } from './detectors-view.tsx'
import { ResultsView } from './results-view.tsx'

/**
 * /osd_anomalies (R129 Snowflake, R162 BigQuery: admin only): OpenSearch Anomaly Detection's
 * detectors and, one open (`detector=<id>` in the address), its results over the same range (7 days
 * by default). Each platform's calls are its own paths.
 */
export default function AnomaliesPage() {
  useDocumentTitle('Anomaly detection')
  const calls = anomalyCallsFor(useAppSelector((s) => s.session.user)!.clusterType)
  const list = useListState(anomaliesState)
  const id = openDetectorId(list.state)
  return id === undefined ? (
    <DetectorsView calls={calls} list={list} />
  ) : (
    <ResultsView key={id} calls={calls} list={list} id={id} />
  )
}

import { bigqueryAnomalyEndpoints, snowflakeAnomalyEndpoints, type ClusterType } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/*
 * OpenSearch anomaly detection (issue 23 /osd_anomalies), built from its endpoint tables: the same
 * calls at Snowflake's and BigQuery's own paths. A detector's write refetches the detectors and
 * their results (a new sensitivity finds other anomalies); contributors are read per anomaly.
 */
const anomalies = api.enhanceEndpoints({ addTagTypes: ['OsDetectors'] }).injectEndpoints({
  endpoints: (build) => {
    const family = (calls: typeof snowflakeAnomalyEndpoints) => {
      const reads = { providesTags: ['OsDetectors'] }
      const writes = { invalidatesTags: ['OsDetectors'] }
      return {
        options: endpointQuery(build, calls.options),
        detectors: endpointQuery(build, calls.detectors, reads),
        results: endpointQuery(build, calls.results, reads),
        contributors: endpointQuery(build, calls.contributors),
        create: endpointMutation(build, calls.createDetector, writes),
        update: endpointMutation(build, calls.updateDetector, writes),
        remove: endpointMutation(build, calls.removeDetector, writes),
        start: endpointMutation(build, calls.startDetector, writes),
        stop: endpointMutation(build, calls.stopDetector, writes),
      }
    }
    const sf = family(snowflakeAnomalyEndpoints)
    const bq = family(bigqueryAnomalyEndpoints)
    return {
      snowflakeDetectorOptions: sf.options,
      snowflakeDetectors: sf.detectors,
      snowflakeDetectorResults: sf.results,
      snowflakeAnomalyContributors: sf.contributors,
      createSnowflakeDetector: sf.create,
      updateSnowflakeDetector: sf.update,
      deleteSnowflakeDetector: sf.remove,
      startSnowflakeDetector: sf.start,
      stopSnowflakeDetector: sf.stop,
      bigqueryDetectorOptions: bq.options,
      bigqueryDetectors: bq.detectors,
      bigqueryDetectorResults: bq.results,
      bigqueryAnomalyContributors: bq.contributors,
      createBigqueryDetector: bq.create,
      updateBigqueryDetector: bq.update,
      deleteBigqueryDetector: bq.remove,
      startBigqueryDetector: bq.start,
      stopBigqueryDetector: bq.stop,
    }
  },
})

/** The hooks the anomaly screens call: one platform's family, the same in shape for each. */
export interface AnomalyCalls {
  platform: 'SNOWFLAKE' | 'BIGQUERYV2'
  useOptions: typeof anomalies.useSnowflakeDetectorOptionsQuery
  useDetectors: typeof anomalies.useSnowflakeDetectorsQuery
  useResults: typeof anomalies.useSnowflakeDetectorResultsQuery
  useContributors: typeof anomalies.useSnowflakeAnomalyContributorsQuery
  useCreate: typeof anomalies.useCreateSnowflakeDetectorMutation
  useUpdate: typeof anomalies.useUpdateSnowflakeDetectorMutation
  useRemove: typeof anomalies.useDeleteSnowflakeDetectorMutation
  useStart: typeof anomalies.useStartSnowflakeDetectorMutation
  useStop: typeof anomalies.useStopSnowflakeDetectorMutation
}

const SNOWFLAKE: AnomalyCalls = {
  platform: 'SNOWFLAKE',
  useOptions: anomalies.useSnowflakeDetectorOptionsQuery,
  useDetectors: anomalies.useSnowflakeDetectorsQuery,
  useResults: anomalies.useSnowflakeDetectorResultsQuery,
  useContributors: anomalies.useSnowflakeAnomalyContributorsQuery,
  useCreate: anomalies.useCreateSnowflakeDetectorMutation,
  useUpdate: anomalies.useUpdateSnowflakeDetectorMutation,
  useRemove: anomalies.useDeleteSnowflakeDetectorMutation,
  useStart: anomalies.useStartSnowflakeDetectorMutation,
  useStop: anomalies.useStopSnowflakeDetectorMutation,
}

const BIGQUERY: AnomalyCalls = {
  platform: 'BIGQUERYV2',
  useOptions: anomalies.useBigqueryDetectorOptionsQuery,
  useDetectors: anomalies.useBigqueryDetectorsQuery,
  useResults: anomalies.useBigqueryDetectorResultsQuery,
  useContributors: anomalies.useBigqueryAnomalyContributorsQuery,
  useCreate: anomalies.useCreateBigqueryDetectorMutation,
  useUpdate: anomalies.useUpdateBigqueryDetectorMutation,
  useRemove: anomalies.useDeleteBigqueryDetectorMutation,
  useStart: anomalies.useStartBigqueryDetectorMutation,
  useStop: anomalies.useStopBigqueryDetectorMutation,
}

/** The calls of the signed-in user's platform (the page is in the Snowflake and BigQuery layouts only). */
export function anomalyCallsFor(platform: ClusterType): AnomalyCalls {
  return platform === 'BIGQUERYV2' ? BIGQUERY : SNOWFLAKE
}

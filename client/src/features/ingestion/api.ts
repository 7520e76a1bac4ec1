import { ingestionEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The console's own data collection (R130, R131, R165), built from `ingestionEndpoints`. */
export const ingestionApi = api.injectEndpoints({
  endpoints: (build) => ({
    ingestionMonitor: endpointQuery(build, calls.monitor),
    ingestionRuns: endpointQuery(build, calls.runs),
    kafkaConsumption: endpointQuery(build, calls.kafka),
  }),
})

export const { useIngestionMonitorQuery, useIngestionRunsQuery, useKafkaConsumptionQuery } = ingestionApi

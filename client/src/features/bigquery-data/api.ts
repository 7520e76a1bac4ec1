import { bigqueryEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The BigQuery /data calls (R159, admin), built from `bigqueryEndpoints`; a failure shows with a retry. */
export const bigqueryDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    dataDatasets: endpointQuery(build, calls.dataDatasets),
    dataTables: endpointQuery(build, calls.dataTables),
    dataTablePage: endpointQuery(build, calls.dataTables, { keepUnusedDataFor: 0 }),
    dataTable: endpointQuery(build, calls.dataTable),
    dataTableJobs: endpointQuery(build, calls.dataTableJobs),
  }),
})

export const {
  useDataDatasetsQuery,
  useDataTablesQuery,
  useLazyDataTablePageQuery,
  useDataTableQuery,
  useDataTableJobsQuery,
} = bigqueryDataApi

import type { EndpointBuilder } from '@reduxjs/toolkit/query/react'
import { splitArgs, type Endpoint, type EndpointArgs, type EndpointResponse } from '@costlens/shared'
import type { ApiRequest } from './base-query.ts'

/**
 * The request of an endpoint-table entry for a call's flat arguments (path parameters, query and
 * body fields in one object). The only place the client turns an entry into a URL: no screen types a
 * path.
 */
export function endpointRequest<E extends Endpoint>(
  entry: E,
  args: EndpointArgs<E>,
  extra: Omit<ApiRequest, 'url' | 'method' | 'params' | 'body'> = {},
): ApiRequest {
  const { url, params, body } = splitArgs(entry, args as Record<string, unknown> | void)
  return {
    url,
    method: entry.method,
    ...(params && { params }),
    ...(body && { body }),
    ...extra,
  }
}

// The console's one API's builder; its tag types are whatever the features inject.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Builder = EndpointBuilder<any, string, 'api'>

/** Extra fields of the request (B285 `group`, C25 `silent`) and of the RTK definition. */
interface QueryOptions {
  request?: Omit<ApiRequest, 'url' | 'method' | 'params' | 'body'>
  keepUnusedDataFor?: number
  providesTags?: readonly string[]
}

/** A query endpoint built from a table entry: `build.query` with its path, verb and types. */
export function endpointQuery<E extends Endpoint>(build: Builder, entry: E, options: QueryOptions = {}) {
  const { request, providesTags, ...definition } = options
  return build.query<EndpointResponse<E>, EndpointArgs<E>>({
    query: (args) => endpointRequest(entry, args, request),
    ...(providesTags && { providesTags: [...providesTags] }),
    ...definition,
  })
}

/** A mutation built from a table entry; the tags it invalidates refetch the lists that show it. */
export function endpointMutation<E extends Endpoint>(
  build: Builder,
  entry: E,
  options: { invalidatesTags?: readonly string[] } = {},
) {
  return build.mutation<EndpointResponse<E>, EndpointArgs<E>>({
    query: (args) => endpointRequest(entry, args),
    ...(options.invalidatesTags && { invalidatesTags: [...options.invalidatesTags] }),
  })
}

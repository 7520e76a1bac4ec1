import { awsAccountEndpoints } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/** AWS account settings, built from `awsAccountEndpoints`; a write refetches the list. */
export const awsAccountApi = api.enhanceEndpoints({ addTagTypes: ['AwsAccounts'] }).injectEndpoints({
  endpoints: (build) => ({
    awsAccounts: endpointQuery(build, awsAccountEndpoints.list, { providesTags: ['AwsAccounts'] }),
    createAwsAccount: endpointMutation(build, awsAccountEndpoints.create, {
      invalidatesTags: ['AwsAccounts'],
    }),
    updateAwsAccount: endpointMutation(build, awsAccountEndpoints.update, {
      invalidatesTags: ['AwsAccounts'],
    }),
    deleteAwsAccount: endpointMutation(build, awsAccountEndpoints.remove, {
      invalidatesTags: ['AwsAccounts'],
    }),
  }),
})

export const {
  useAwsAccountsQuery,
  useCreateAwsAccountMutation,
  useUpdateAwsAccountMutation,
  useDeleteAwsAccountMutation,
} = awsAccountApi

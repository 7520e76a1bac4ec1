import { AwsTagsQuerySchema, TagListSchema } from '../contracts/tags.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * Tag calls the console builds from this table. Only the AWS tags so far (the budget form and the
 * cost trends pick a tag from them); the simulator still registers it by hand in routes/tags, and
 * the table test checks the two agree.
 */
export const tagEndpoints = defineEndpoints({
  awsTags: defineEndpoint({
    method: 'GET',
    path: '/api/v1/search/awstags',
    specIds: ['E009'],
    tags: ['tags'],
    access: { platforms: ['EMR'] },
    summary: 'AWS tags of the EMR clusters alive in [from, to] (default: the last 30 days)',
    querystring: AwsTagsQuerySchema,
    response: TagListSchema,
  }),
})

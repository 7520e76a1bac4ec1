import { AwsTagsQuerySchema, SearchTagsQuerySchema, TagListSchema } from '../contracts/tags.ts'
import { defineEndpoints } from './endpoint.ts'

const tags = ['tags'] as const

/** The tag lists of the filters (02 §7; E008, E009). */
export const tagsEndpoints = defineEndpoints({
  searchTags: {
    method: 'GET',
    path: '/api/v1/search/tags',
    specIds: ['E008'],
    tags,
    summary: "Tag keys and values seen on the user's clusters in [from, to] (RealUser never listed)",
    querystring: SearchTagsQuerySchema,
    response: TagListSchema,
  },
  awsTags: {
    method: 'GET',
    path: '/api/v1/search/awstags',
    specIds: ['E009'],
    tags,
    // AWS tags are the EMR clusters' (E009): an EMR install's only.
    access: { platforms: ['EMR'] },
    summary: 'AWS tags of the EMR clusters alive in [from, to] (default: the last 30 days)',
    querystring: AwsTagsQuerySchema,
    response: TagListSchema,
  },
})

import { Type, type Static } from 'typebox'
import { DateParamInteger } from './dates.ts'

/** Tag (01 §3): a key with its values. Tags keyed RealUser are never listed. */
export const TagSchema = Type.Object(
  { key: Type.String(), values: Type.Array(Type.String()) },
  { title: 'Tag' },
)
export type Tag = Static<typeof TagSchema>
export const TagListSchema = Type.Array(TagSchema)

/** cbType values of GET search/tags (E008). */
export const TAG_CB_TYPES = ['big_query', 'yarn', 'impala', 'DBX_CLUSTER'] as const

/** GET /api/v1/search/tags (E008). `from`/`to` are epoch ms. */
export const SearchTagsQuerySchema = Type.Object(
  {
    from: DateParamInteger('ms'),
    to: DateParamInteger('ms'),
    clusterUid: Type.Optional(Type.String({ maxLength: 200 })),
    cbType: Type.Optional(Type.Enum(TAG_CB_TYPES)),
  },
  { additionalProperties: false },
)
export type SearchTagsQuery = Static<typeof SearchTagsQuerySchema>

/** GET /api/v1/search/awstags (E009): EMR cluster tags in a date window (epoch ms). */
export const AwsTagsQuerySchema = Type.Object(
  {
    from: Type.Optional(DateParamInteger('ms')),
    to: Type.Optional(DateParamInteger('ms')),
  },
  { additionalProperties: false },
)
export type AwsTagsQuery = Static<typeof AwsTagsQuerySchema>

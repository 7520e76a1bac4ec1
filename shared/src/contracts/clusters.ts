import { Type, type Static } from 'typebox'

/** Cluster item (01 §3): the id is `unravelId`; the dropdown shows `displayName`. */
export const ClusterItemSchema = Type.Object(
  {
    unravelId: Type.String(),
    displayName: Type.String(),
    clusterName: Type.String(),
    clusterType: Type.String({ description: 'Kind of cluster, default "Yarn"' }),
  },
  { title: 'ClusterItem' },
)
export type ClusterItem = Static<typeof ClusterItemSchema>

/** GET /api/v1/cluster_search (E007). */
export const ClusterSearchQuerySchema = Type.Object(
  {
    customQ: Type.Optional(
      Type.String({ maxLength: 200, description: 'Substring of the cluster name or id' }),
    ),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 100 })),
    dateFrom: Type.Optional(Type.Integer({ minimum: 0, description: 'epoch ms' })),
    dateTo: Type.Optional(Type.Integer({ minimum: 0, description: 'epoch ms' })),
    clusterType: Type.Optional(Type.String({ maxLength: 40 })),
    clusterUid: Type.Optional(Type.String({ maxLength: 200 })),
    includeDbJobClusters: Type.Optional(Type.Boolean()),
    useVendorData: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type ClusterSearchQuery = Static<typeof ClusterSearchQuerySchema>
export const ClusterSearchResponseSchema = Type.Array(ClusterItemSchema)
export type ClusterSearchResponse = Static<typeof ClusterSearchResponseSchema>

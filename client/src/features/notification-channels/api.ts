import { notificationChannelEndpoints, snowflakeNotificationChannelEndpoints } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/*
 * Notification channels (E176, E177), built from their endpoint tables: the same calls for every
 * platform at the general paths, and for Snowflake's admins at Snowflake's own (its manage pages are
 * admin only, which the server holds per entry). A write refetches every channel list.
 */
const channels = api.enhanceEndpoints({ addTagTypes: ['NotificationChannels'] }).injectEndpoints({
  endpoints: (build) => {
    const tags = { providesTags: ['NotificationChannels'] }
    const writes = { invalidatesTags: ['NotificationChannels'] }
    const general = notificationChannelEndpoints
    const snowflake = snowflakeNotificationChannelEndpoints
    return {
      notificationChannels: endpointQuery(build, general.list, tags),
      createNotificationChannel: endpointMutation(build, general.create, writes),
      updateNotificationChannel: endpointMutation(build, general.update, writes),
      deleteNotificationChannel: endpointMutation(build, general.remove, writes),
      testNotificationChannel: endpointMutation(build, general.sendTest, writes),
      snowflakeNotificationChannels: endpointQuery(build, snowflake.list, tags),
      createSnowflakeNotificationChannel: endpointMutation(build, snowflake.create, writes),
      updateSnowflakeNotificationChannel: endpointMutation(build, snowflake.update, writes),
      deleteSnowflakeNotificationChannel: endpointMutation(build, snowflake.remove, writes),
      testSnowflakeNotificationChannel: endpointMutation(build, snowflake.sendTest, writes),
    }
  },
})

/** The hooks a channel screen calls: one family's, the same in shape for each. */
export interface ChannelCalls {
  useList: typeof channels.useNotificationChannelsQuery
  useCreate: typeof channels.useCreateNotificationChannelMutation
  useUpdate: typeof channels.useUpdateNotificationChannelMutation
  useRemove: typeof channels.useDeleteNotificationChannelMutation
  useSendTest: typeof channels.useTestNotificationChannelMutation
}

/** Every platform's channels but Snowflake's. */
export const generalChannelCalls: ChannelCalls = {
  useList: channels.useNotificationChannelsQuery,
  useCreate: channels.useCreateNotificationChannelMutation,
  useUpdate: channels.useUpdateNotificationChannelMutation,
  useRemove: channels.useDeleteNotificationChannelMutation,
  useSendTest: channels.useTestNotificationChannelMutation,
}

/** Snowflake's channels, its admins' only. */
export const snowflakeChannelCalls: ChannelCalls = {
  useList: channels.useSnowflakeNotificationChannelsQuery,
  useCreate: channels.useCreateSnowflakeNotificationChannelMutation,
  useUpdate: channels.useUpdateSnowflakeNotificationChannelMutation,
  useRemove: channels.useDeleteSnowflakeNotificationChannelMutation,
  useSendTest: channels.useTestSnowflakeNotificationChannelMutation,
}

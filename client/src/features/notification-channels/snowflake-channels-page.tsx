import { snowflakeChannelCalls } from './api.ts'
import { ChannelsPage } from './channels-page.tsx'

/** Snowflake's channel page (R141): its calls are at Snowflake's own paths, for its admins only. */
export default function SnowflakeChannelsPage() {
  return <ChannelsPage calls={snowflakeChannelCalls} />
}

import { generalChannelCalls } from './api.ts'
import { ChannelsPage } from './channels-page.tsx'

/** Every platform's channel page but Snowflake's (R047, R094, R170, R212). */
export default function NotificationChannelsPage() {
  return <ChannelsPage calls={generalChannelCalls} />
}

import { Center, Loader } from '@mantine/core'

/** What shows while the session is checked or a screen's code is loading. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh">
      <Loader role="status" aria-label={label} />
    </Center>
  )
}

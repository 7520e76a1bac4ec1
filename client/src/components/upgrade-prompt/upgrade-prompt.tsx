import { ActionIcon, Button, Overlay, Paper, Stack, Text, Tooltip } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { MESSAGES } from '@costlens/shared'
import { useUpgradePlanMutation } from '../../app/session/auth-api.ts'
import { showToast } from '../../app/toasts.ts'
import type { ApiError } from '../../api/base-query.ts'

/** The free plan's limit, as the upgrade texts state it (01 §1, M024). */
export const FREEMIUM_NOTICE = MESSAGES.M024

export type UpgradePromptVariant = 'overlay' | 'inline' | 'icon'

/**
 * Sends the upgrade request and reports it: success with the server's message or M021 (a brief
 * confirmation, C04); a declined request or a failure with the server's message or M020.
 */
export function useRequestUpgrade() {
  const [upgrade, { isLoading }] = useUpgradePlanMutation()
  async function request() {
    const result = await upgrade()
    if ('data' in result && result.data?.status === 'success')
      showToast('success', result.data.message || MESSAGES.M021, { brief: true })
    else if ('data' in result && result.data) showToast('error', result.data.message || MESSAGES.M020)
    else showToast('error', (result.error as ApiError | undefined)?.serverMessage || MESSAGES.M020)
  }
  return { request, isLoading }
}

/**
 * The freemium upgrade prompt in its three forms: an overlay over a locked area, an inline
 * notice, and a lock icon with the notice as its tooltip.
 */
export function UpgradePrompt({ variant }: { variant: UpgradePromptVariant }) {
  const { request, isLoading } = useRequestUpgrade()
  if (variant === 'icon')
    return (
      <Tooltip label={FREEMIUM_NOTICE} multiline w={260}>
        <ActionIcon
          variant="subtle"
          color="yellow"
          aria-label="Upgrade plan"
          onClick={() => void request()}
          loading={isLoading}
        >
          <IconLock size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    )
  const body = (
    <Stack gap={6} align="flex-start">
      <Text size="sm">{FREEMIUM_NOTICE}</Text>
      <Button size="xs" onClick={() => void request()} loading={isLoading}>
        Upgrade plan
      </Button>
    </Stack>
  )
  if (variant === 'inline') return body
  return (
    <Overlay backgroundOpacity={0.35} blur={2} center>
      <Paper p="md" shadow="md" maw={360} role="dialog" aria-label="Upgrade plan">
        {body}
      </Paper>
    </Overlay>
  )
}

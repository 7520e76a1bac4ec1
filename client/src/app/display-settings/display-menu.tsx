import { Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core'
import { useLocation, useNavigate } from 'react-router-dom'
import { zoneLabel, type DisplayZone } from '@costlens/shared'
import { chooseZone, searchWithZone, useDisplayZone } from './display-zone.ts'

const SCHEMES: readonly { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Follow the system' },
]

/**
 * The display settings of the account menu: the colour scheme (light, dark or the system's, which
 * is the default; Mantine remembers it in localStorage) and the time zone every time is shown in
 * (UTC or the browser's zone; remembered, and written to the address as `isUTCTime`, 01 §2.5).
 */
export function DisplayMenuItems() {
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  const zone = useDisplayZone()
  const location = useLocation()
  const navigate = useNavigate()
  const pickZone = (next: DisplayZone) => {
    chooseZone(next)
    void navigate({ ...location, search: searchWithZone(location.search, next) }, { replace: true })
  }
  return (
    <>
      <Menu.Label>Theme</Menu.Label>
      <Menu.RadioGroup value={colorScheme} onChange={(v) => setColorScheme(v as MantineColorScheme)}>
        {SCHEMES.map((s) => (
          <Menu.RadioItem key={s.value} value={s.value}>
            {s.label}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
      <Menu.Label>Time zone</Menu.Label>
      <Menu.RadioGroup value={zone} onChange={(v) => pickZone(v as DisplayZone)}>
        <Menu.RadioItem value="utc">UTC</Menu.RadioItem>
        <Menu.RadioItem value="local">Local time ({zoneLabel('local')})</Menu.RadioItem>
      </Menu.RadioGroup>
    </>
  )
}

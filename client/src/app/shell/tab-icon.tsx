import {
  IconApps,
  IconArrowsExchange,
  IconBolt,
  IconBriefcase,
  IconBuildingWarehouse,
  IconCircle,
  IconCpu,
  IconCurrencyDollar,
  IconDatabase,
  IconFileSearch,
  IconFolders,
  IconHexagons,
  IconHome,
  IconReport,
  IconServer,
  IconSettings,
  IconSql,
  type Icon,
} from '@tabler/icons-react'

/**
 * The catalogue names icons; only these are bundled (importing the whole set would add megabytes).
 * A new icon name in the catalogue needs a line here; until then it shows a plain circle.
 */
const ICONS: Record<string, Icon> = {
  Apps: IconApps,
  ArrowsExchange: IconArrowsExchange,
  Bolt: IconBolt,
  Briefcase: IconBriefcase,
  BuildingWarehouse: IconBuildingWarehouse,
  Cpu: IconCpu,
  CurrencyDollar: IconCurrencyDollar,
  Database: IconDatabase,
  FileSearch: IconFileSearch,
  Folders: IconFolders,
  Hexagons: IconHexagons,
  Home: IconHome,
  Report: IconReport,
  Server: IconServer,
  Settings: IconSettings,
  Sql: IconSql,
}

export function TabIcon({ name, size = 16 }: { name: string; size?: number }) {
  const Component = ICONS[name] ?? IconCircle
  return <Component size={size} stroke={1.75} aria-hidden />
}

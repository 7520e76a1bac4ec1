import type { ReactNode } from 'react'
import { Badge, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import { IconChevronDown, IconLock, IconLogout, IconUser } from '@tabler/icons-react'
import { Link, NavLink, useLocation, useMatch } from 'react-router-dom'
import {
  layoutFor,
  type CurrentUser,
  type RouteConfig,
  type RouteEntry,
  type TabEntry,
} from '@costlens/shared'
import { useAppDispatch } from '../hooks.ts'
import { logout } from '../session/session-thunks.ts'
import { UpgradePrompt, useRequestUpgrade } from '../../components/upgrade-prompt/upgrade-prompt.tsx'
import { TabIcon } from './tab-icon.tsx'
import { GLOBAL_SEARCH_ROUTE, HeaderSearch, hasGlobalSearch } from './header-search.tsx'
import { DisplayMenuItems } from '../display-settings/display-menu.tsx'
import classes from './app-shell.module.css'
import { PRINT_LOCKED_ATTRIBUTE } from '../print-style.tsx'
import { EXPORT_SKIP_ATTRIBUTE } from '../../components/export/page-html.ts'

const ROLE_LABELS: Record<CurrentUser['role'], string> = {
  admin: 'Admin',
  readonlyAdmin: 'Read-only admin',
  user: 'User',
}

function tabTarget(tab: TabEntry): string {
  const first = tab.children.find((c) => c.inNav !== false)
  return first?.path ?? tab.page?.path ?? tab.path ?? '/'
}

function isInTab(tab: TabEntry, pathname: string): boolean {
  const prefix = tab.path ?? tabTarget(tab).split('/').slice(0, 2).join('/')
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

/**
 * The layout's pages that sit under no tab (dashboards, alerting, API docs, JMX, value dashboard):
 * the spec gives them no tab, so the account menu lists the ones this user may open.
 */
export function untabbedPages(config: RouteConfig): RouteEntry[] {
  const open = new Set(config.routes)
  return layoutFor(config.clusterType).pages.filter(
    (p) => open.has(p) && p.inNav !== false && !p.path.includes(':'),
  )
}

/** Pages of the product that are not spec routes (the simulator controls), where this user may open them. */
export function productPages(config: RouteConfig): RouteEntry[] {
  return config.routes.filter((r) => r.specIds.length === 0 && !r.path.includes(':'))
}

/** Top tabs with icons, the active tab's sub-tabs beneath, the account menu and the footer (01 §2.4). */
export function AppShell({
  config,
  user,
  chromeHidden,
  children,
}: {
  config: RouteConfig
  user: CurrentUser
  chromeHidden: boolean
  children: ReactNode
}) {
  const { pathname } = useLocation()
  const dispatch = useAppDispatch()
  const upgrade = useRequestUpgrade()
  const freemium = user.plan === 'freemium'
  const activeTab = config.tabs.find((t) => isInTab(t, pathname))
  const subTabs = activeTab?.children.filter((c) => c.inNav !== false) ?? []
  const shownSearch = useMatch(GLOBAL_SEARCH_ROUTE)?.params.search ?? ''

  return (
    <div className={classes.layout} {...(freemium && { [PRINT_LOCKED_ATTRIBUTE]: '' })}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      {!chromeHidden && (
        <header className={classes.header} {...{ [EXPORT_SKIP_ATTRIBUTE]: '' }}>
          <Group justify="space-between" wrap="nowrap" px="md" h={52}>
            <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" c="white" component={NavLink} to="/" className={classes.brand}>
                costlens
              </Text>
              <nav aria-label="Main" className={classes.tabs}>
                {/* Link, not NavLink: a tab is active on any of its pages, not only on the one it opens. */}
                {config.tabs.map((tab) => (
                  <Link
                    key={tab.key}
                    to={tabTarget(tab)}
                    className={classes.tab}
                    data-active={tab === activeTab || undefined}
                    aria-current={tab === activeTab ? 'page' : undefined}
                  >
                    <TabIcon name={tab.icon} />
                    <span>{tab.title}</span>
                  </Link>
                ))}
              </nav>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {/* Keyed by the search shown, so the box follows the results page and clears off it. */}
              {hasGlobalSearch(config) && <HeaderSearch key={shownSearch} initial={shownSearch} />}
              {freemium && <UpgradePrompt variant="icon" />}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <UnstyledButton aria-label="Account menu" className={classes.account}>
                    <Group gap={6} wrap="nowrap">
                      <IconUser size={16} aria-hidden />
                      <Text size="sm" c="white">
                        {user.username}
                      </Text>
                      <IconChevronDown size={14} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>
                    {user.username} · {ROLE_LABELS[user.role]} · {user.clusterType} ·{' '}
                    {freemium ? 'Free plan' : 'Enterprise plan'}
                  </Menu.Label>
                  {freemium && (
                    <Menu.Item
                      leftSection={<IconLock size={14} aria-hidden />}
                      onClick={() => void upgrade.request()}
                      disabled={upgrade.isLoading}
                    >
                      Upgrade plan
                    </Menu.Item>
                  )}
                  {[...untabbedPages(config), ...productPages(config)].map((page) => (
                    <Menu.Item key={page.path} component={NavLink} to={page.path}>
                      {page.title}
                    </Menu.Item>
                  ))}
                  <Menu.Divider />
                  <DisplayMenuItems />
                  <Menu.Divider />
                  <Menu.Item
                    leftSection={<IconLogout size={14} aria-hidden />}
                    onClick={() => void dispatch(logout())}
                  >
                    Log out
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
          {subTabs.length > 0 && (
            <nav aria-label="Section" className={classes.subTabs}>
              {subTabs.map((route) => (
                <NavLink key={route.path} to={route.path} className={classes.subTab} end>
                  {route.title}
                  {route.badge && (
                    <Badge size="xs" variant="light" ml={6}>
                      {route.badge}
                    </Badge>
                  )}
                </NavLink>
              ))}
            </nav>
          )}
        </header>
      )}
      <Box component="main" id="main" className={classes.main}>
        {children}
      </Box>
      {!chromeHidden && (
        <footer className={classes.footer} {...{ [EXPORT_SKIP_ATTRIBUTE]: '' }}>
          <Text size="xs" c="dimmed">
            costlens · {user.about}
          </Text>
        </footer>
      )}
    </div>
  )
}

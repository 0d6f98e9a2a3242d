import { AppShell, Badge, Box, Burger, Group, NavLink, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { SystemMessageBanners } from '../../features/system-messages/components/system-message-banners';
import { AlertsArea } from '../../components/alert-views';
import { badgeText, type NavItem } from '../nav-items';
import { Brand } from './brand';
import { LoginAsBanner } from './login-as-banner';
import { SignedOutNoticeBanner } from './signed-out-notice-banner';
import { UserMenu } from './user-menu';

export interface AppFrameProps {
  readonly homePath: string;
  /** The organisation's name, or the staff area's name. */
  readonly contextName: string;
  readonly contextLabel: string;
  readonly nav: readonly NavItem[];
  /** Extra header controls before the user menu (the notifications bell). */
  readonly headerExtras?: ReactNode;
}

const isActive = (pathname: string, to: string): boolean => pathname === to || pathname.startsWith(`${to}/`);

/**
 * The signed-in frame: header (brand, organisation, bell, user menu), role-based navigation that
 * folds behind a burger on narrow screens (tablets in portrait), and the page with its messages.
 */
export function AppFrame({ homePath, contextName, contextLabel, nav, headerExtras }: AppFrameProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Box component={Link} to={homePath} aria-label="Tenet home" style={{ textDecoration: 'none' }}>
              <Brand />
            </Box>
            <Box visibleFrom="xs" pl="md" style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', minWidth: 0 }}>
              <Text size="xs" c="dimmed" lh={1.2}>
                {contextLabel}
              </Text>
              <Text size="sm" fw={600} lh={1.3} truncate data-testid="org-name">
                {contextName}
              </Text>
            </Box>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerExtras}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4}>
            {nav.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={item.icon}
                rightSection={
                  item.badge && (
                    <Badge size="sm" circle={badgeText(item.badge).length <= 1} data-testid="nav-badge">
                      {badgeText(item.badge)}
                      <VisuallyHidden> {item.badge.label}</VisuallyHidden>
                    </Badge>
                  )
                }
                active={isActive(pathname, item.to)}
                // Mantine marks the active link for the eye only: a screen reader is told which page it is on.
                aria-current={isActive(pathname, item.to) ? 'page' : undefined}
                onClick={close}
                variant="light"
                fw={500}
                style={{ borderRadius: 8 }}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Text size="xs" c="dimmed" px="sm" py={6}>
            Tenet {__APP_VERSION__}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0" style={{ minHeight: '100dvh' }}>
        <LoginAsBanner />
        <SignedOutNoticeBanner />
        <Box px={{ base: 'md', md: 'xl' }} py="lg" maw={1400} mx="auto">
          <SystemMessageBanners mb="md" />
          <AlertsArea />
          <Box id="main-content">
            <Outlet />
          </Box>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconExternalLink, IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { sessionApi } from '../../features/auth/api/session-api';
import { signOut } from '../../features/auth/sign-out';
import { useSession, useSessionFlags } from '../../lib/session-store';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** The signed-in user's menu: who they are, preferences, the community, sign-out. */
export function UserMenu() {
  const session = useSession();
  const flags = useSessionFlags();
  const navigate = useNavigate();
  const name = session?.user?.name ?? 'Signed in';
  const email = session?.user?.email ?? '';

  const openCommunity = async (): Promise<void> => {
    // Open the tab now (inside the click) so pop-up blockers allow it, then point it at the URL.
    const tab = window.open('about:blank', '_blank');
    try {
      const { url } = await sessionApi.communityUrl();
      if (tab) tab.location.href = url;
    } catch {
      tab?.close();
    }
  };

  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <UnstyledButton
          aria-label={`User menu for ${name}`}
          data-testid="user-menu"
          px={6}
          py={4}
          style={{ borderRadius: 8 }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar size={32} radius="xl" color="tenet" variant="filled">
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {/* Divs, not paragraphs: a menu may only own menu items, groups and separators. */}
          <Text component="div" size="sm" fw={600} c="gray.9">
            {name}
          </Text>
          {email && (
            <Text component="div" size="xs" c="dimmed" truncate>
              {email}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        {/* Preferences and the community are an organization user's; provider staff have neither. */}
        {!flags.isHstmUser && (
          <Menu.Item
            leftSection={<IconSettings size={16} aria-hidden />}
            onClick={() => void navigate('/self/preferences')}
          >
            Preferences
          </Menu.Item>
        )}
        {!flags.isHstmUser && (
          <Menu.Item leftSection={<IconExternalLink size={16} aria-hidden />} onClick={() => void openCommunity()}>
            Community
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Box, Group, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

export interface SectionLink {
  readonly label: string;
  readonly to: string;
  readonly active: boolean;
}

/**
 * Tab-looking links for a screen's child sections. They are links, not ARIA tabs, because each
 * section has its own URL (spec §2 children routes) and the browser's back button must work.
 */
export function SectionNav({ links, label }: { readonly links: readonly SectionLink[]; readonly label: string }) {
  return (
    <Box
      component="nav"
      aria-label={label}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', overflowX: 'auto' }}
    >
      <Group gap={4} wrap="nowrap">
        {links.map((link) => (
          <UnstyledButton
            key={link.to}
            component={Link}
            to={link.to}
            aria-current={link.active ? 'page' : undefined}
            px="md"
            py={10}
            fz="sm"
            fw={link.active ? 650 : 500}
            c={link.active ? 'tenet.8' : 'gray.7'}
            style={{
              whiteSpace: 'nowrap',
              borderBottom: `2px solid ${link.active ? 'var(--mantine-color-tenet-8)' : 'transparent'}`,
              marginBottom: -1,
            }}
          >
            {link.label}
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}

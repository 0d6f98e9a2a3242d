import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

interface DevLink {
  readonly label: string;
  readonly href: string;
  readonly purpose: string;
  /** Opens in a new tab: a server page, not a screen of this application. */
  readonly external: boolean;
  /** Checked when the panel opens, so a link that answers nothing is marked. */
  readonly probe?: string;
}

const LINKS: readonly DevLink[] = [
  {
    label: 'API documentation',
    href: '/api/docs',
    probe: '/api/docs/json',
    external: true,
    purpose: 'Every API route with its request and response shapes (OpenAPI), to try calls by hand.',
  },
  {
    label: 'Health',
    href: '/api/health',
    probe: '/api/health',
    external: true,
    purpose: 'Whether the server and its database answer; what monitoring polls.',
  },
  {
    label: 'version.txt',
    href: '/version.txt',
    probe: '/version.txt',
    external: true,
    purpose: 'The version running; the application compares it to know when to reload after a release.',
  },
  {
    label: 'Mail outbox',
    href: '/hstm/developer_tools/mail_outbox',
    external: false,
    purpose: 'Every e-mail Tenet has written and its delivery status; where to look when someone says no mail came.',
  },
  {
    label: 'System messages',
    href: '/hstm/developer_tools/system_messages',
    external: false,
    purpose: 'Banners on the sign-in screen or inside the application, each for a time window (maintenance notices).',
  },
];

/** Whether a server page answers, so the panel can say when one is not served here. */
async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'GET', credentials: 'same-origin' });
    return res.ok;
  } catch {
    return false;
  }
}

function LinkRow({ link }: { readonly link: DevLink }) {
  const probe = useQuery({
    queryKey: ['hstm', 'developer_links', link.probe ?? link.href],
    queryFn: () => answers(link.probe ?? link.href),
    enabled: link.probe !== undefined,
    staleTime: 60_000,
  });
  const unavailable = link.probe !== undefined && probe.data === false;
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap={4}>
        <Group gap="sm">
          {unavailable ? (
            <Text fw={600}>{link.label}</Text>
          ) : link.external ? (
            <Anchor href={link.href} target="_blank" rel="noopener noreferrer" fw={600}>
              {link.label}
            </Anchor>
          ) : (
            <Anchor component={Link} to={link.href} fw={600}>
              {link.label}
            </Anchor>
          )}
          {unavailable ? (
            <Badge variant="outline" color="gray.7" c="dark.7">
              Not served here
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {link.purpose}
        </Text>
      </Stack>
    </Paper>
  );
}

/** hstm/developer_tools/links: where the tools for the people who run Tenet are, and what each is for. */
export function DeveloperLinksPanel() {
  return (
    <Stack gap="md" pt="md">
      <Title order={2} size="h4">
        Links
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Developer links">
        {LINKS.map((link) => (
          <LinkRow key={link.href} link={link} />
        ))}
      </Stack>
    </Stack>
  );
}

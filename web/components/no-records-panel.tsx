import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Messages } from '../../shared/domain/messages';

export interface NoRecordsAction {
  readonly label: string;
  readonly to: string;
}

export interface NoRecordsPanelProps {
  /** Plural noun in 'No {items} to show'; defaults to 'Records' (spec §2). */
  readonly items?: string;
  readonly message?: string;
  readonly header?: string;
  readonly action?: NoRecordsAction;
  /** Message-only mode for small spaces. */
  readonly compact?: boolean;
  /** Hide the filter hint where a list has neither filters nor search. */
  readonly hint?: boolean;
}

function EmptyIllustration() {
  return (
    <svg width="112" height="84" viewBox="0 0 112 84" fill="none" aria-hidden="true" focusable="false">
      <rect x="18" y="14" width="62" height="60" rx="6" fill="#e7edf7" />
      <rect x="30" y="8" width="62" height="60" rx="6" fill="#fff" stroke="#b5c8e8" strokeWidth="2" />
      <rect x="40" y="22" width="34" height="4" rx="2" fill="#b5c8e8" />
      <rect x="40" y="32" width="42" height="4" rx="2" fill="#dce5f4" />
      <rect x="40" y="42" width="28" height="4" rx="2" fill="#dce5f4" />
      <circle cx="84" cy="60" r="13" fill="#fff" stroke="#527fcb" strokeWidth="3" />
      <path d="M93.5 69.5 102 78" stroke="#527fcb" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** Spec §2: the empty state of a sortable table. */
export function NoRecordsPanel({
  items = 'Records',
  message,
  header,
  action,
  compact = false,
  hint = true,
}: NoRecordsPanelProps) {
  const title = `No ${items} to show`;
  if (compact) {
    return (
      <Text size="sm" c="dimmed" py="sm" ta="center" data-testid="no-records">
        {message ?? title}
      </Text>
    );
  }
  return (
    <Stack align="center" gap={6} py={40} px="md" data-testid="no-records" ta="center">
      {header && (
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
          {header}
        </Text>
      )}
      <Box mb={4}>
        <EmptyIllustration />
      </Box>
      <Title order={3} size="h4">
        {title}
      </Title>
      {message && (
        <Text size="sm" maw={460}>
          {message}
        </Text>
      )}
      {hint && (
        <Text size="sm" c="dimmed">
          {Messages.noRecordsHint}
        </Text>
      )}
      {action && (
        <Anchor component={Link} to={action.to} fw={600} mt={4}>
          {action.label}
        </Anchor>
      )}
    </Stack>
  );
}

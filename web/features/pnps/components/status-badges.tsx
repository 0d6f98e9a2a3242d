import { Box } from '@mantine/core';
import {
  PNP_STATUS_LABELS,
  VERSION_STATUS_COLOURS,
  VERSION_STATUS_LABELS,
  type PnpStatus,
  type VersionStatus,
} from '../../../../shared/domain/statuses';

/** Spec §4 colours: Draft light orange, Active light green, Archived light grey; dark text keeps AA contrast. */
const COLOUR_OF: Record<string, string> = { 'light orange': 'orange', 'light green': 'green', 'light grey': 'gray' };

function Pill({
  background,
  border,
  children,
  testId,
  colourName,
}: {
  readonly background: string;
  readonly border: string;
  readonly children: string;
  readonly testId: string;
  readonly colourName?: string;
}) {
  return (
    <Box
      component="span"
      data-testid={testId}
      data-colour={colourName}
      fz={12}
      fw={700}
      px={10}
      py={2}
      style={{
        display: 'inline-block',
        borderRadius: 999,
        lineHeight: 1.5,
        background,
        border: `1px solid ${border}`,
        color: 'var(--mantine-color-dark-9)',
      }}
    >
      {children}
    </Box>
  );
}

export function VersionStatusBadge({ status }: { readonly status: number }) {
  const colourName = VERSION_STATUS_COLOURS[status as VersionStatus];
  const colour = COLOUR_OF[colourName ?? ''] ?? 'gray';
  return (
    <Pill
      testId="version-status"
      colourName={colourName}
      background={`var(--mantine-color-${colour}-1)`}
      border={`var(--mantine-color-${colour}-3)`}
    >
      {VERSION_STATUS_LABELS[status as VersionStatus] ?? String(status)}
    </Pill>
  );
}

/** P&P status: DRAFT, ACTIVE (published), RETIRED. */
export function PnpStatusBadge({ status }: { readonly status: number }) {
  const colour = status === 2 ? 'green' : status === 3 ? 'gray' : 'orange';
  return (
    <Pill testId="pnp-status" background="var(--mantine-color-white)" border={`var(--mantine-color-${colour}-8)`}>
      {PNP_STATUS_LABELS[status as PnpStatus] ?? String(status)}
    </Pill>
  );
}

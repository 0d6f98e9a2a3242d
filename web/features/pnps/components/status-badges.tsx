import { Badge } from '@mantine/core';
import {
  PNP_STATUS_LABELS,
  VERSION_STATUS_COLOURS,
  VERSION_STATUS_LABELS,
  type PnpStatus,
  type VersionStatus,
} from '../../../../shared/domain/statuses';

/** Spec §4 colours: Draft light orange, Active light green, Archived light grey. */
const COLOUR_OF: Record<string, string> = { 'light orange': 'orange', 'light green': 'green', 'light grey': 'gray' };

export function VersionStatusBadge({ status }: { readonly status: number }) {
  const label = VERSION_STATUS_LABELS[status as VersionStatus] ?? String(status);
  const colour = COLOUR_OF[VERSION_STATUS_COLOURS[status as VersionStatus] ?? ''] ?? 'gray';
  return (
    <Badge
      variant="light"
      color={colour}
      data-testid="version-status"
      data-colour={VERSION_STATUS_COLOURS[status as VersionStatus]}
    >
      {label}
    </Badge>
  );
}

/** P&P status: DRAFT, ACTIVE (published), RETIRED. */
export function PnpStatusBadge({ status }: { readonly status: number }) {
  const label = PNP_STATUS_LABELS[status as PnpStatus] ?? String(status);
  const colour = status === 2 ? 'green' : status === 3 ? 'gray' : 'orange';
  return (
    <Badge variant="outline" color={colour} data-testid="pnp-status">
      {label}
    </Badge>
  );
}

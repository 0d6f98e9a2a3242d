import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** The reading view of a published P&P: orgs/{orgId}/pnps/{pnpId}/library/{versionId}. */
export const readingPath = (orgId: string, pnpId: number, versionId: number): string =>
  `/orgs/${orgId}/pnps/${pnpId}/library/${versionId}`;

export function PnpLink({
  orgId,
  pnpId,
  versionId,
  name,
}: {
  readonly orgId: string;
  readonly pnpId: number;
  readonly versionId: number;
  readonly name: string;
}) {
  return (
    <Anchor component={Link} to={readingPath(orgId, pnpId, versionId)} fw={600}>
      {name}
    </Anchor>
  );
}

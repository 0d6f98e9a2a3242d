import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { SectionedPage } from '../../app/routes/sectioned-page';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ApiError } from '../../lib/api-client';
import { OrgHealthSummary } from './org-health-summary';
import { OrgNotFound } from './org-not-found';
import { orgKeys, orgsApi } from './orgs-api';

/** The largest id the server stores (a 32-bit integer column). */
const MAX_ORG_ID = 2_147_483_647;
const isOrgId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= MAX_ORG_ID;

/**
 * hstm/orgs/{orgId}: the organisation's health at a glance above its sections. The sections (and
 * their actions, such as Add User) show only once the organisation is known to exist.
 */
export function OrgPage() {
  const raw = useParams().orgId ?? '';
  const orgId = Number(raw);
  const valid = /^\d+$/.test(raw) && isOrgId(orgId);
  const org = useQuery({
    queryKey: orgKeys.one(orgId),
    queryFn: () => orgsApi.get(orgId),
    enabled: valid,
    retry: false,
  });
  if (!valid || (org.error instanceof ApiError && org.error.status === 404)) return <OrgNotFound orgId={raw} />;
  if (org.isPending) return <LoadingIndicator />;
  // The heading names the organisation: 'Organization' alone did not say which one was open.
  return <SectionedPage title={org.data?.org.name} summary={<OrgHealthSummary orgId={orgId} />} />;
}

import { useParams } from 'react-router';
import { SectionedPage } from '../../app/routes/sectioned-page';
import { OrgHealthSummary } from './org-health-summary';

/** hstm/orgs/{orgId}: the organisation's health at a glance above its sections. */
export function OrgPage() {
  const orgId = Number(useParams().orgId);
  return <SectionedPage summary={Number.isInteger(orgId) && orgId > 0 ? <OrgHealthSummary orgId={orgId} /> : null} />;
}

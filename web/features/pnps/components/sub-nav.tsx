import { useLocation, useParams } from 'react-router';
import { SectionNav } from '../../../components/section-nav';

const GROUPS = {
  version_info: [
    { label: 'Preview', to: 'version_info/preview' },
    { label: 'Version Assignments', to: 'version_info/assignments' },
  ],
  pnp_info: [
    { label: 'General Info', to: 'pnp_info/general_info' },
    { label: 'Assignments', to: 'pnp_info/assignments' },
    { label: 'Change Log', to: 'pnp_info/changelog' },
  ],
  related_info: [
    { label: 'Attachments', to: 'related_info/attachments' },
    { label: 'Additional Info', to: 'related_info/additional_info' },
    { label: 'Linked P&Ps', to: 'related_info/linked_pnps' },
  ],
  readack: [
    { label: 'Active', to: 'active_readack' },
    { label: 'Closed', to: 'closed_readack' },
    { label: 'Cancelled', to: 'cancelled_readack' },
  ],
} as const;

/** The second row of links inside a section group of the document screen (spec §2 children). */
export function SubNav({ group, label }: { readonly group: keyof typeof GROUPS; readonly label: string }) {
  const { orgId = '', pnpId = '', pnpDocumentId = '' } = useParams();
  const { pathname } = useLocation();
  const base = `/orgs/${orgId}/pnps/${pnpId}/pnp_documents/${pnpDocumentId}`;
  const links = GROUPS[group].map((l) => ({
    label: l.label,
    to: `${base}/${l.to}`,
    active: pathname.startsWith(`${base}/${l.to}`),
  }));
  return <SectionNav links={links} label={label} />;
}

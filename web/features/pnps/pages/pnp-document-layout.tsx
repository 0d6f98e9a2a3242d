import { Alert, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router';
import type { Pnp } from '../../../../shared/api/pnps';
import { PnpStatus } from '../../../../shared/domain/statuses';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/format';
import { EvidenceBundleButton } from '../../evidence';
import { Page } from '../../../components/page';
import { SectionNav } from '../../../components/section-nav';
import { useSessionFlags } from '../../../lib/session-store';
import { getDocument } from '../api/get-document';
import { getPnp } from '../api/get-pnp';
import { pnpKeys } from '../api/pnp-keys';
import type { DocumentContext } from '../components/document-context';
import { PnpActions } from '../components/pnp-actions';
import { PnpNotFound } from '../components/pnp-not-found';
import { ReplaceFileButton } from '../components/replace-file-button';
import { RetiredBanner } from '../components/retired-banner';
import { SectionRefusal } from '../components/section-refusal';
import { PnpStatusBadge, VersionStatusBadge } from '../components/status-badges';
import { WorkflowActions, documentPath } from '../components/workflow-actions';
import { WorkflowProgress } from '../components/workflow-progress';

/** The sections of the document screen (spec §2), the first path segments each covers, and who sees it. */
const SECTIONS = [
  { label: 'Version Info', to: 'version_info/preview', matches: ['version_info'] },
  { label: 'P&P Info', to: 'pnp_info/general_info', matches: ['pnp_info'] },
  { label: 'Related Info', to: 'related_info/attachments', matches: ['related_info'] },
  { label: 'Versions', to: 'versions', matches: ['versions'] },
  { label: 'General Info', to: 'general_info', matches: ['general_info'] },
  { label: 'History', to: 'history', matches: ['history'] },
  { label: 'Summary', to: 'summary', matches: ['summary'] },
  {
    label: 'Read Acknowledgements',
    to: 'active_readack',
    matches: ['active_readack', 'closed_readack', 'cancelled_readack', 'readack_new', 'readack_edit'],
    managers: true,
  },
] as const;

/**
 * Managing read acknowledgements is for OA, BO and Owner (product rules), whatever the P&P's state:
 * a retired one's stay on record for them (the server says so in its abilities).
 */
const mayManage = (pnp: Pnp): boolean => pnp.abilities.includes('manage_read_acks');

/**
 * orgs/{orgId}/pnps/{pnpId}/pnp_documents/{pnpDocumentId}: one version of a P&P with its status,
 * the workflow stepper and the actions the user may take, and its sections below. The management
 * screen is for those who work on the P&P (the server's `view_drafts`); a reader is sent to the
 * reading view of the library.
 */
export function PnpDocumentLayout() {
  const { orgId = '', pnpId = '', pnpDocumentId = '' } = useParams();
  const { pathname } = useLocation();
  const flags = useSessionFlags();
  // The evidence bundle is a report: for org admins and binder or folder owners (the server's report
  // scope), of the P&Ps they manage. The Owner of a single P&P has no reports.
  const mayDownloadEvidence = flags.isOrgAdmin || flags.isBinderFolderOwner;
  const documentQuery = useQuery({
    queryKey: pnpKeys.document(orgId, pnpId, pnpDocumentId),
    queryFn: () => getDocument(orgId, pnpId, pnpDocumentId),
    retry: false,
  });
  const pnpQuery = useQuery({
    queryKey: pnpKeys.pnp(orgId, pnpId),
    queryFn: () => getPnp(orgId, pnpId),
    retry: false,
  });
  const document = documentQuery.data?.pnp_document;
  const pnp = pnpQuery.data?.pnp;
  const failure = pnpQuery.error ?? documentQuery.error;
  if (failure instanceof ApiError && failure.status === 404) {
    return (
      <Page title="P&P not found">
        <PnpNotFound orgId={orgId} />
      </Page>
    );
  }
  if (failure) {
    return (
      <Page title="P&P Document">
        <SectionRefusal error={failure} />
      </Page>
    );
  }
  if (!document || !pnp) return <Page title="P&P Document">{<LoadingIndicator />}</Page>;
  if (!pnp.abilities.includes('view_drafts')) {
    const active = pnp.active_document?.id ?? document.id;
    return <Navigate to={`/orgs/${orgId}/pnps/${pnp.id}/library/${active}`} replace />;
  }

  const base = `/orgs/${orgId}/pnps/${pnpId}/pnp_documents/${pnpDocumentId}`;
  const first = pathname.slice(base.length).replace(/^\//, '').split('/')[0] ?? '';
  const links = SECTIONS.filter((s) => !('managers' in s) || mayManage(pnp)).map((s) => ({
    label: s.label,
    to: `${base}/${s.to}`,
    active: (s.matches as readonly string[]).includes(first),
  }));
  const context: DocumentContext = { orgId, pnp, document };
  const current = pnp.current_document_id;
  const retired = pnp.status === PnpStatus.Retired;
  return (
    <Page
      title={pnp.name}
      subtitle={
        <Group gap="xs" component="span">
          <span>{pnp.location}</span>
          <span aria-hidden>·</span>
          <span>{document.version_number === null ? 'Version' : `Version ${document.version_number}`}</span>
          {retired ? <PnpStatusBadge status={pnp.status} /> : <VersionStatusBadge status={document.status} />}
          {pnp.status === PnpStatus.Published && <PnpStatusBadge status={pnp.status} />}
          {document.scheduled && !retired && (
            <Text span size="sm">
              Scheduled for {formatDisplayDate(document.effective_dt)}
            </Text>
          )}
        </Group>
      }
      actions={
        <Group gap="xs">
          {mayManage(pnp) && mayDownloadEvidence && (
            <EvidenceBundleButton orgId={orgId} id={pnp.id} kind="pnp" name={pnp.name} />
          )}
          <PnpActions orgId={orgId} pnp={document.pnp} hasDraft={pnp.draft_document !== null} />
        </Group>
      }
    >
      {retired && <RetiredBanner orgId={orgId} pnp={pnp} />}
      {!retired && document.status === 3 && current !== null && (
        <Alert color="gray">
          You are looking at an archived version.{' '}
          <Anchor component={Link} to={documentPath(orgId, pnp.id, current)}>
            Open the current version
          </Anchor>
        </Alert>
      )}
      {!retired && document.status !== 3 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <WorkflowProgress document={document} />
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" data-testid="stage-text">
                {document.status === 1
                  ? `Draft in ${document.draft_stage_label ?? ''}${document.approval_step ? `: Step ${document.approval_step}` : ''}`
                  : document.status === 2
                    ? 'Active version'
                    : ''}
              </Text>
              <Group gap="xs">
                <WorkflowActions key={document.id} orgId={orgId} document={document} />
                <ReplaceFileButton orgId={orgId} document={document} />
              </Group>
            </Group>
          </Stack>
        </Paper>
      )}
      <SectionNav links={links} label="P&P document sections" />
      <Outlet context={context} />
    </Page>
  );
}

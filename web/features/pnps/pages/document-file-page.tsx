import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { Page } from '../../../components/page';
import { getDocument } from '../api/get-document';
import { pnpKeys } from '../api/pnp-keys';
import { PreviewPanel } from '../components/preview-panel';
import { SectionRefusal } from '../components/section-refusal';

/** orgs/{orgId}/pnps/{pnpId}/pnp_documents/{pnpDocumentId}/file: the version's file, shown and downloadable. */
export function DocumentFilePage() {
  const { orgId = '', pnpId = '', pnpDocumentId = '' } = useParams();
  const query = useQuery({
    queryKey: pnpKeys.document(orgId, pnpId, pnpDocumentId),
    queryFn: () => getDocument(orgId, pnpId, pnpDocumentId),
    retry: false,
  });
  const document = query.data?.pnp_document;
  return (
    <Page title={document ? document.pnp.name : 'Document File'} subtitle={document?.file?.name}>
      {query.isError && <SectionRefusal error={query.error} />}
      {document ? (
        <PreviewPanel orgId={orgId} document={document} title={document.pnp.name} />
      ) : (
        query.isPending && <LoadingIndicator />
      )}
    </Page>
  );
}

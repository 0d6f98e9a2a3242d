import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { EditReadAck, NewReadAck, ReadAckTab, type ReadAckScreenProps } from '../../read-acks/index';
import { useDocumentContext } from '../components/document-context';
import { SubNav } from '../components/sub-nav';

/** The document screen's facts the read-acknowledgement screens need (web/features/read-acks). */
function useScreenProps(): ReadAckScreenProps {
  const { orgId, pnp, document } = useDocumentContext();
  const version = pnp.active_document?.version_number ?? null;
  return {
    orgId,
    pnpId: pnp.id,
    documentBase: `/orgs/${orgId}/pnps/${pnp.id}/pnp_documents/${document.id}`,
    versionLabel: version === null ? 'the Active version' : `Version ${version}`,
  };
}

function Tab({ status }: { readonly status: 1 | 2 | 3 }) {
  const props = useScreenProps();
  return (
    <Stack gap="sm">
      <SubNav group="readack" label="Read acknowledgements" />
      <ReadAckTab status={status} {...props} />
    </Stack>
  );
}

/** active_readack, closed_readack, cancelled_readack, readack_new, readack_edit/{readAckId} (spec §2). */
export const ActiveReadAckSection = () => <Tab status={1} />;
export const ClosedReadAckSection = () => <Tab status={2} />;
export const CancelledReadAckSection = () => <Tab status={3} />;
export const NewReadAckSection = () => <NewReadAck {...useScreenProps()} />;
export function EditReadAckSection() {
  const { readAckId = '' } = useParams();
  return <EditReadAck readAckId={readAckId} {...useScreenProps()} />;
}

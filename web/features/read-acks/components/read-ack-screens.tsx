import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import {
  READ_ACK_READERS_MAX_PAGE_SIZE,
  type ReadAckReader,
  type ReadAckResponse,
} from '../../../../shared/api/read-acks';
import { getReadAck, listReadAckReaders, listReadAcks, readAckKeys } from '../api/read-acks-api';
import { NOT_PUBLISHED, ReadAckList } from './read-ack-list';
import { ReadAckWizard } from './read-ack-wizard';

/** What the document screen tells its read-acknowledgement sections. */
export interface ReadAckScreenProps {
  readonly orgId: string;
  readonly pnpId: number;
  /** orgs/{orgId}/pnps/{pnpId}/pnp_documents/{pnpDocumentId} */
  readonly documentBase: string;
  /** The Active version's label ('Version 2'): the one readers acknowledge. */
  readonly versionLabel: string;
}

const HEADINGS = {
  1: 'Active Read Acknowledgements',
  2: 'Closed Read Acknowledgements',
  3: 'Cancelled Read Acknowledgements',
};

/** active_readack, closed_readack, cancelled_readack. */
export function ReadAckTab({ status, ...props }: ReadAckScreenProps & { readonly status: 1 | 2 | 3 }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
        {HEADINGS[status]}
      </Title>
      <ReadAckList
        orgId={props.orgId}
        pnpId={props.pnpId}
        status={status}
        documentBase={props.documentBase}
        // Focus would fall to the page with the closed or cancelled card: it goes back to the list.
        onEnded={() => headingRef.current?.focus()}
      />
    </Stack>
  );
}

/**
 * readack_new. A draft or retired P&P has no version to acknowledge: that is said before the
 * wizard is filled in, not by the server at its last step.
 */
export function NewReadAck(props: ReadAckScreenProps) {
  const query = useQuery({
    queryKey: readAckKeys.list(props.orgId, props.pnpId, 1),
    queryFn: () => listReadAcks(props.orgId, props.pnpId, 1),
    retry: false,
  });
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        New Read Acknowledgement
      </Title>
      {query.error ? (
        <Text role="alert" c="red">
          {query.error instanceof ApiError && query.error.errors[0]
            ? query.error.errors[0]
            : 'The read acknowledgements could not be loaded.'}
        </Text>
      ) : !query.data ? (
        <LoadingIndicator />
      ) : !query.data.can_create ? (
        <Text role="alert">{NOT_PUBLISHED}</Text>
      ) : (
        <ReadAckWizard {...props} effectiveDate={query.data.effective_date} />
      )}
    </Stack>
  );
}

/**
 * A read acknowledgement with every reader, for its edit: the answer carries only the first page of
 * readers, and the wizard sends back the whole list of readers chosen by name, so an edit made from
 * the first page alone took the others off (and closed their tasks) without a word. The rest are
 * read page by page, only when some reader chosen by name is not on the first.
 */
async function readAckWithEveryReader(orgId: string, pnpId: string | number, id: string): Promise<ReadAckResponse> {
  const answer = await getReadAck(orgId, pnpId, id);
  const ack = answer.read_acknowledgement;
  const shown = new Set(ack.readers.map((r) => r.user_id));
  if (ack.user_ids.every((userId) => shown.has(userId))) return answer;
  const readers: ReadAckReader[] = [];
  for (let page = 1; readers.length < ack.readers_total; page += 1) {
    const next = await listReadAckReaders(orgId, pnpId, ack.id, { page, per_page: READ_ACK_READERS_MAX_PAGE_SIZE });
    readers.push(...next.readers);
    if (next.readers.length < READ_ACK_READERS_MAX_PAGE_SIZE) break;
  }
  return { ...answer, read_acknowledgement: { ...ack, readers } };
}

/** readack_edit/{readAckId} */
export function EditReadAck({ readAckId, ...props }: ReadAckScreenProps & { readonly readAckId: string }) {
  const query = useQuery({
    queryKey: [...readAckKeys.one(props.orgId, props.pnpId, readAckId), 'every reader'],
    queryFn: () => readAckWithEveryReader(props.orgId, props.pnpId, readAckId),
    retry: false,
    gcTime: 0,
  });
  const ack = query.data?.read_acknowledgement;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Edit Read Acknowledgement
      </Title>
      {query.error ? (
        <Text role="alert" c="red">
          {query.error instanceof ApiError && query.error.errors[0]
            ? query.error.errors[0]
            : 'The read acknowledgement could not be loaded.'}
        </Text>
      ) : !ack ? (
        <LoadingIndicator />
      ) : ack.status !== 1 ? (
        <Text role="alert">{`This read acknowledgement is ${ack.status_label} and can no longer be changed.`}</Text>
      ) : (
        <ReadAckWizard key={ack.id} {...props} initial={ack} effectiveDate={ack.effective_date} />
      )}
    </Stack>
  );
}

import type {
  MarkAsReadResponse,
  ReadAckBody,
  ReadAckList,
  ReadAckReaderPage,
  ReadAckReadersQuery,
  ReadAckResponse,
  ReadAckStatusCount,
  ReaderCandidateList,
  UserHasAcknowledged,
} from '../../../../shared/api/read-acks';
import { http } from '../../../lib/api-client';

/** The calls of `/api/o/{org}/pnps/{pnpId}/read_acknowledgements` (docs/pnps.md 'Read acknowledgements'). */
const base = (orgId: string, pnpId: string | number) => `o/${orgId}/pnps/${pnpId}/read_acknowledgements`;

/** Refusals the screens show in place (a section that may not be seen). */
const IN_PLACE = [403, 404];

export const readAckKeys = {
  all: (orgId: string, pnpId: string | number) => ['read-acks', orgId, String(pnpId)] as const,
  list: (orgId: string, pnpId: string | number, status: number) =>
    ['read-acks', orgId, String(pnpId), 'list', status] as const,
  one: (orgId: string, pnpId: string | number, id: string) => ['read-acks', orgId, String(pnpId), 'one', id] as const,
  readers: (orgId: string, pnpId: string | number, id: number, query: ReadAckReadersQuery) =>
    ['read-acks', orgId, String(pnpId), 'readers', id, query] as const,
  counts: (orgId: string, pnpId: string | number) => ['read-acks', orgId, String(pnpId), 'counts'] as const,
  mine: (orgId: string, pnpId: string | number) => ['read-acks', orgId, String(pnpId), 'mine'] as const,
  candidates: (orgId: string, pnpId: string | number, q: string) =>
    ['read-acks', orgId, String(pnpId), 'candidates', q] as const,
};

export const listReadAcks = (orgId: string, pnpId: string | number, status: number): Promise<ReadAckList> =>
  http.get<ReadAckList>(base(orgId, pnpId), { query: { status }, passThrough: IN_PLACE });

export const getReadAck = (orgId: string, pnpId: string | number, id: string): Promise<ReadAckResponse> =>
  http.get<ReadAckResponse>(`${base(orgId, pnpId)}/${id}`, { passThrough: IN_PLACE });

/** GET .../{id}/readers: one page of a read acknowledgement's readers (its card has only the first). */
export const listReadAckReaders = (
  orgId: string,
  pnpId: string | number,
  id: number,
  query: ReadAckReadersQuery,
): Promise<ReadAckReaderPage> =>
  http.get<ReadAckReaderPage>(`${base(orgId, pnpId)}/${id}/readers`, { query, passThrough: IN_PLACE });

export const readAckStatusCount = (orgId: string, pnpId: string | number): Promise<ReadAckStatusCount> =>
  http.get<ReadAckStatusCount>(`${base(orgId, pnpId)}/status_count`, { passThrough: IN_PLACE });

export const createReadAck = (orgId: string, pnpId: string | number, body: ReadAckBody): Promise<ReadAckResponse> =>
  http.post<ReadAckResponse>(base(orgId, pnpId), body, { passThrough: [422] });

export const updateReadAck = (
  orgId: string,
  pnpId: string | number,
  id: number,
  body: ReadAckBody,
): Promise<ReadAckResponse> => http.put<ReadAckResponse>(`${base(orgId, pnpId)}/${id}`, body, { passThrough: [422] });

export const endReadAck = (
  orgId: string,
  pnpId: string | number,
  id: number,
  how: 'cancel' | 'close',
): Promise<ReadAckResponse> =>
  http.put<ReadAckResponse>(`${base(orgId, pnpId)}/${id}/${how}`, {}, { passThrough: [422] });

export const markAsRead = (orgId: string, pnpId: string | number, id: number): Promise<MarkAsReadResponse> =>
  http.put<MarkAsReadResponse>(`${base(orgId, pnpId)}/${id}/mark_as_read`, {}, { passThrough: [422] });

export const userHasAcknowledged = (orgId: string, pnpId: string | number): Promise<UserHasAcknowledged> =>
  http.get<UserHasAcknowledged>(`${base(orgId, pnpId)}/user_has_acknowledged`, { passThrough: IN_PLACE });

/** GET .../reader_candidates?q: the users and groups this P&P's readers are chosen among (ADR 0026). */
export const searchReaderCandidates = (
  orgId: string,
  pnpId: string | number,
  q: string,
): Promise<ReaderCandidateList> =>
  http.get<ReaderCandidateList>(`${base(orgId, pnpId)}/reader_candidates`, { query: { q: q || undefined, limit: 50 } });

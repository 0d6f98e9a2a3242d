import { useOutletContext } from 'react-router';
import type { PnpDocument } from '../../../../shared/api/pnp-documents';
import type { Pnp } from '../../../../shared/api/pnps';

/** What the document screen hands to each of its sections. */
export interface DocumentContext {
  readonly orgId: string;
  readonly pnp: Pnp;
  readonly document: PnpDocument;
}

export const useDocumentContext = (): DocumentContext => useOutletContext<DocumentContext>();

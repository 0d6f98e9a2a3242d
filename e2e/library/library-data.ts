import type { DocumentFormat } from '../support/documents';
import type { MadeContainer, MadePnp, TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';

/** A binder the nurse reads (audience) and the org admin owns, so that its P&Ps can be published. */
export function readersBinder(data: TestData, prefix: string): Promise<MadeContainer> {
  return data.binder(prefix, { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
}

/** A published P&P whose document (a DOCX unless told) holds the given paragraphs. */
export function publishedPnp(
  data: TestData,
  folder: MadeContainer,
  prefix: string,
  paragraphs: readonly string[],
  format: DocumentFormat = 'docx',
): Promise<MadePnp> {
  return data.pnp({ containerId: folder.id, name: data.name(prefix), paragraphs, format, publish: true });
}

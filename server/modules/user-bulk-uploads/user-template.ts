import { USER_SHEET_COLUMNS } from '../../../shared/api/user-bulk-uploads';
import { parserPool } from '../files/parser-pool';
import type { UserTemplateResult } from '../../workers/parsers/user-sheet-template';

/** Two example rows that show how each column is filled in; the user replaces them. */
const EXAMPLES: string[][] = [
  ['Jane', 'Doe', 'jane.doe@example.com', 'jane.doe', 'Charge Nurse', 'No', 'Yes', 'Nursing'],
  ['John', 'Smith', 'john.smith@example.com', 'john.smith', 'Pharmacist', 'No', 'No', ''],
];

export const TEMPLATE_FILE_NAME = 'users-template';

const csvCell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The CSV template: plain text, written here (no parser needed to write a few lines). */
export const templateCsv = (): Buffer =>
  Buffer.from(
    [[...USER_SHEET_COLUMNS], ...EXAMPLES].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n',
    'utf8',
  );

/** The XLSX template, written by exceljs in the parser worker. */
export async function templateXlsx(): Promise<Buffer> {
  const result = await parserPool().run<UserTemplateResult>({
    kind: 'user-template',
    header: [...USER_SHEET_COLUMNS],
    examples: EXAMPLES,
  });
  return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
}

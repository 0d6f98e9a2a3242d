import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { USER_SHEET_COLUMNS } from '../../../shared/api/user-bulk-uploads';

/** Two example rows that show how each column is filled in; the user replaces them. */
const EXAMPLES: string[][] = [
  ['Jane', 'Doe', 'jane.doe@example.com', 'jane.doe', 'Charge Nurse', 'No', 'Yes', 'Nursing'],
  ['John', 'Smith', 'john.smith@example.com', 'john.smith', 'Pharmacist', 'No', 'No', ''],
];

export const TEMPLATE_FILE_NAME = 'users-template';

export const templateCsv = (): Buffer =>
  Buffer.from(Papa.unparse({ fields: [...USER_SHEET_COLUMNS], data: EXAMPLES }) + '\r\n', 'utf8');

/** Written, never read: building the workbook needs no parser. */
export async function templateXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow([...USER_SHEET_COLUMNS]).font = { bold: true };
  for (const example of EXAMPLES) sheet.addRow(example);
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

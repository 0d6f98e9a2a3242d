import ExcelJS from 'exceljs';

/**
 * The XLSX template of the user upload (issue 13), written in the parser worker: exceljs stays out
 * of the server process altogether (server/modules/files/parser-isolation.test.ts).
 */
export interface UserTemplateJob {
  kind: 'user-template';
  header: string[];
  examples: string[][];
}

export type UserTemplateResult = { ok: true; bytes: Uint8Array };

export async function writeUserTemplate(job: UserTemplateJob): Promise<UserTemplateResult> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow(job.header).font = { bold: true };
  for (const example of job.examples) sheet.addRow(example);
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  return { ok: true, bytes: new Uint8Array(await workbook.xlsx.writeBuffer()) };
}

import {
  REQUIRED_USER_SHEET_COLUMNS,
  USER_SHEET_COLUMNS,
  type UserRowError,
  type UserSheetColumn,
} from '../../../shared/api/user-bulk-uploads';
import { matchesPattern } from '../../../shared/domain/validation';
import { noAngleBrackets } from '../../../shared/domain/validation-messages';

/** One row of the sheet, as read and checked on its own (the sheet's row number kept for messages). */
export interface UserRow {
  row: number;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  title: string | null;
  isAdmin: boolean;
  isPolicyOwner: boolean;
  groups: string[];
}

const normalise = (header: string): string => header.toLowerCase().replace(/[^a-z]/g, '');
const HEADER_ALIASES: Record<string, UserSheetColumn> = {
  ...Object.fromEntries(USER_SHEET_COLUMNS.map((c) => [normalise(c), c])),
  emailaddress: 'Email',
  login: 'Username',
  username: 'Username',
  firstname: 'First Name',
  lastname: 'Last Name',
  group: 'Groups',
};

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['', 'no', 'n', 'false', '0']);

const LIMITS: Partial<Record<UserSheetColumn, number>> = {
  'First Name': 100,
  'Last Name': 100,
  Email: 255,
  Username: 255,
  Title: 255,
};

export interface ReadRows {
  rows: UserRow[];
  errors: UserRowError[];
}

const isBlank = (cells: string[]): boolean => cells.every((c) => c.trim() === '');

/**
 * Maps the header to the template's columns and checks every row on its own: required fields, the
 * named patterns of spec §5, lengths and the yes/no columns. Problems that need the database or the
 * other rows (duplicates, groups) are found by the caller.
 */
export function readUserRows(grid: string[][]): ReadRows {
  const errors: UserRowError[] = [];
  const headerIndex = grid.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) return { rows: [], errors: [{ row: null, column: null, message: 'The file holds no users.' }] };
  const header = grid[headerIndex]!;
  const { position, unknown, problems } = readHeader(header);
  const unused = unknownColumnsWithValues(grid, headerIndex + 1, unknown);
  if (unused) problems.unshift(unused);
  if (problems.length) {
    return { rows: [], errors: problems.map((message) => ({ row: headerIndex + 1, column: null, message })) };
  }
  // The header's last named column: a row with values past it lost a cell boundary somewhere.
  const width = header.reduce((last, cell, index) => (cell.trim() === '' ? last : index + 1), 0);
  const rows: UserRow[] = [];
  for (let i = headerIndex + 1; i < grid.length; i += 1) {
    const cells = grid[i]!;
    if (isBlank(cells)) continue;
    const rowNumber = i + 1;
    const cell = (column: UserSheetColumn): string => {
      const at = position.get(column);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    const problem = (column: UserSheetColumn, message: string): void => {
      errors.push({ row: rowNumber, column, message });
    };
    const before = errors.length;
    if (cells.slice(width).some((c) => c.trim() !== '')) {
      errors.push({
        row: rowNumber,
        column: null,
        message: `The row has values past the last named column (${header[width - 1]!.trim()}). In a CSV file, a value holding a comma, such as "Nurse, RN", must be in double quotes.`,
      });
      continue;
    }
    for (const column of USER_SHEET_COLUMNS) {
      const value = cell(column);
      if (REQUIRED_USER_SHEET_COLUMNS.includes(column) && value === '') {
        problem(column, `${column} is required.`);
        continue;
      }
      const max = LIMITS[column];
      if (max && value.length > max) problem(column, `${column} must be at most ${max} characters.`);
    }
    const firstName = cell('First Name');
    const lastName = cell('Last Name');
    const email = cell('Email');
    const username = cell('Username');
    const title = cell('Title');
    for (const [column, value] of [
      ['First Name', firstName],
      ['Last Name', lastName],
      ['Title', title],
    ] as const) {
      if (value && !matchesPattern('name', value)) problem(column, noAngleBrackets(column));
    }
    if (email && !matchesPattern('email', email)) problem('Email', `'${email}' is not a valid e-mail address.`);
    if (username && !matchesPattern('login', username)) {
      problem(
        'Username',
        `'${username}' is not a valid username: start with a letter, digit or underscore, then use only letters, digits, dots, dashes, underscores, @ or apostrophes.`,
      );
    }
    const flag = (column: 'Admin' | 'Policy Owner'): boolean => {
      const value = cell(column).toLowerCase();
      if (YES.has(value)) return true;
      if (!NO.has(value)) problem(column, `${column} must be Yes or No (or left empty for No).`);
      return false;
    };
    const isAdmin = flag('Admin');
    const isPolicyOwner = flag('Policy Owner');
    const groups = [
      ...new Set(
        cell('Groups')
          .split(';')
          .map((g) => g.trim())
          .filter(Boolean),
      ),
    ];
    if (errors.length > before) continue;
    rows.push({
      row: rowNumber,
      firstName,
      lastName,
      email,
      username,
      title: title || null,
      isAdmin,
      isPolicyOwner,
      groups,
    });
  }
  if (rows.length === 0 && errors.length === 0)
    errors.push({ row: null, column: null, message: 'The file holds no users.' });
  return { rows, errors };
}

/** How many names of unknown columns a refusal lists before 'and N more'. */
const UNKNOWN_SHOWN = 10;

interface Header {
  position: Map<UserSheetColumn, number>;
  /** Named columns the template does not have, by position. */
  unknown: Map<number, string>;
  problems: string[];
}

/** The header's columns by position; a template column named twice is a problem (only one would be read). */
function readHeader(header: string[]): Header {
  const position = new Map<UserSheetColumn, number>();
  const unknown = new Map<number, string>();
  const problems: string[] = [];
  header.forEach((cell, index) => {
    if (cell.trim() === '') return;
    const column = HEADER_ALIASES[normalise(cell)];
    if (!column) unknown.set(index, cell.trim());
    else if (position.has(column)) problems.push(`The column ${column} is named twice in the first row: keep one.`);
    else position.set(column, index);
  });
  const missing = REQUIRED_USER_SHEET_COLUMNS.filter((c) => !position.has(c));
  if (missing.length) {
    problems.unshift(`The first row must name the columns of the template. Missing: ${missing.join(', ')}.`);
  }
  return { position, unknown, problems };
}

/**
 * Unknown columns that hold values: the upload would drop them without a word (a misspelt 'Grups'
 * loses every group). An unknown column left empty changes nothing and is let be.
 */
function unknownColumnsWithValues(grid: string[][], from: number, unknown: Map<number, string>): string | null {
  if (unknown.size === 0) return null;
  const used = new Set<string>();
  for (let i = from; i < grid.length; i += 1) {
    grid[i]!.forEach((cell, index) => {
      const name = unknown.get(index);
      if (name !== undefined && cell.trim() !== '') used.add(`'${name}'`);
    });
  }
  if (used.size === 0) return null;
  const names = [...used];
  const listed = names.slice(0, UNKNOWN_SHOWN).join(', ');
  const more = names.length > UNKNOWN_SHOWN ? ` and ${names.length - UNKNOWN_SHOWN} more` : '';
  const one = names.length === 1;
  return `${listed}${more} ${one ? 'is not a column' : 'are not columns'} of the template (${USER_SHEET_COLUMNS.join(', ')}): rename or delete ${one ? 'it' : 'them'}.`;
}

/** Two rows naming the same e-mail or username: each later one is reported against the first. */
export function findDuplicateRows(rows: UserRow[]): UserRowError[] {
  const errors: UserRowError[] = [];
  const seen = { Email: new Map<string, number>(), Username: new Map<string, number>() };
  for (const row of rows) {
    for (const [column, value] of [
      ['Email', row.email],
      ['Username', row.username],
    ] as const) {
      const key = value.toLowerCase();
      const first = seen[column].get(key);
      if (first !== undefined) {
        errors.push({
          row: row.row,
          column,
          message: `'${value}' is also on row ${first}; each user may appear once.`,
        });
      } else seen[column].set(key, row.row);
    }
  }
  return errors;
}

/** The sentence a person reads for one problem. */
export const describeRowError = (e: UserRowError): string =>
  e.row === null ? e.message : `Row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message}`;

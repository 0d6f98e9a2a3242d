import { z } from 'zod';

/**
 * The two building blocks of every request schema. PostgreSQL refuses NUL in text and integers
 * past 2^31-1 in integer columns: both are refused here, with a sentence, before any query runs.
 */

/** C0 control characters other than tab, line feed and carriage return (NUL among them). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$/;
export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters.';

/**
 * Every text field a client sends: a string without control characters. It is a plain zod string,
 * so trim, min, max and regex chain after it as usual.
 */
export const text = (params?: string | { message?: string }) =>
  z.string(params).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE);

/** The largest id the database stores (PostgreSQL integer). */
export const ID_MAX = 2_147_483_647;

const idMessage = (label: string) => ({ message: `${label} must be a positive whole number.` });

/** An id in a JSON body: a positive whole number that fits the database. */
export const id = (label = 'The id') =>
  z.number(idMessage(label)).int(idMessage(label)).positive(idMessage(label)).max(ID_MAX, idMessage(label));

/** An id in a path or a query string (text there): the same rule after conversion. */
export const queryId = (label = 'The id') =>
  z.coerce.number(idMessage(label)).int(idMessage(label)).positive(idMessage(label)).max(ID_MAX, idMessage(label));

/** A number in a query string (a page, a page size, a count of days): whole and within its bounds. */
export const queryWholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });
};

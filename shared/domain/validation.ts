/**
 * The named patterns of spec §5. No messages are attached to them (the spec attaches none):
 * a form decides what to say when one fails.
 */

/** Generic top-level domains we recognise; any two-letter (country) domain is accepted too. */
const RECOGNISED_TLDS = [
  'com',
  'org',
  'net',
  'edu',
  'gov',
  'mil',
  'int',
  'biz',
  'info',
  'mobi',
  'name',
  'aero',
  'asia',
  'jobs',
  'museum',
  'coop',
  'pro',
  'tel',
  'travel',
  'health',
  'care',
  'clinic',
  'hospital',
  'healthcare',
  'dental',
  'doctor',
  'email',
  'online',
  'site',
  'tech',
  'app',
  'dev',
  'cloud',
  'digital',
  'solutions',
  'services',
  'company',
  'group',
  'global',
  'network',
  'systems',
  'academy',
  'school',
  'university',
  'college',
  'life',
];

export const ValidationPatterns = {
  /** A standard address: local part, dotted domain, a recognised or two-letter top-level domain. */
  email: new RegExp(
    `^[A-Z0-9._%+'-]+@(?:[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?\\.)+(?:[A-Z]{2}|${RECOGNISED_TLDS.join('|')})$`,
    'i',
  ),
  /** Starts with a word character, then word characters, dots, dashes, underscores, at-signs or apostrophes. */
  login: /^\w[\w.\-@']*$/,
  /** 10 to 40 printable ASCII characters with at least one digit and one letter. */
  password: /^(?=[^\d]*\d)(?=[^A-Za-z]*[A-Za-z])[\x20-\x7E]{10,40}$/,
  /** Must not start with whitespace; letters, digits, newline, space and & : ; - _ . , ! ? * [ ] ( ) \ / ' " $ @ # % ^. */
  genericText: /^(?!\s)[A-Za-z0-9\n &:;\-_.,!?*[\]()\\/'"$@#%^]*$/,
  /** Letters, digits and dash only; may be empty. */
  allowDash: /^[A-Za-z0-9-]*$/,
  /** No angle brackets. */
  generic: /^[^<>]*$/,
  /** No angle brackets. */
  name: /^[^<>]*$/,
  /** A positive integer with no leading zero. */
  numeric: /^[1-9]\d*$/,
  /** 0 to 100 with up to two decimals and an optional percent sign. */
  numeric0To100: /^(?:100(?:\.0{1,2})?|\d{1,2}(?:\.\d{1,2})?)%?$/,
  /** An integer from 1 to 500; leading zeros allowed. */
  numeric1To500: /^0*(?:[1-9]\d?|[1-4]\d\d|500)$/,
  /** An http or https address with a domain; the host part is 1 to 256 characters. */
  url: /^https?:\/\/(?=[^/?#:]{1,256}(?:[/?#:]|$))(?:[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?\.)+[A-Z]{2,63}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i,
} as const;

export type ValidationPatternName = keyof typeof ValidationPatterns;

/** True when `value` matches the named pattern. */
export function matchesPattern(name: ValidationPatternName, value: string): boolean {
  return ValidationPatterns[name].test(value);
}

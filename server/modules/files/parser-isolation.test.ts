import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server process never parses an uploaded file (issue 9): document parsers are imported only by
 * the parser workers in server/workers. Importing pdfjs-dist's legacy build even once would also
 * install its core-js polyfills into the whole process.
 */
const PARSER_PACKAGES = [
  'mammoth',
  'pdfjs-dist',
  'diff',
  'yauzl',
  'file-type',
  'xlsx',
  'exceljs',
  'papaparse',
  'jszip',
  'adm-zip',
  'unzipper',
  'csv-parse',
  'sax',
  '@xmldom/xmldom',
  'fast-xml-parser',
];

/**
 * Writers, not parsers: files that may import a package of the list above to write a file of
 * their own rows, never to read one (the report exports stream a workbook to the client).
 */
const WRITERS: Record<string, string[]> = {
  'modules/reporting/reporting.export.ts': ['exceljs'],
};

/**
 * Named exceptions that do read: the SAML messages an identity provider sends must be verified
 * (signature, audience, destination, recipient, one-time use) before the session opens in the same
 * request; docs/untrusted-files.md says why, with its limits. Anything else is an offender.
 */
const REQUEST_THREAD_READERS: Record<string, string[]> = {
  'modules/sso/saml-sp.ts': ['@xmldom/xmldom'],
  // SAML single logout: a LogoutRequest or LogoutResponse (at most 256 KB inflated) is checked
  // before the sessions it names end, in the same request.
  'modules/sso/saml-logout.ts': ['@xmldom/xmldom'],
};

const SERVER = path.resolve('server');
const WORKERS = path.join(SERVER, 'workers');

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === WORKERS ? [] : serverSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every module specifier of a file: static imports and exports, dynamic import() and require(). */
function importedSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

const isParser = (specifier: string): boolean =>
  PARSER_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

describe('parser isolation', () => {
  it('finds imports of every form', () => {
    const source = [
      "import mammoth from 'mammoth';",
      "import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';",
      "export { diffLines } from 'diff';",
      "const y = await import('yauzl');",
      "import 'file-type';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importedSpecifiers(source).filter(isParser)).toEqual([
      'mammoth',
      'pdfjs-dist/legacy/build/pdf.mjs',
      'diff',
      'file-type',
      'yauzl',
    ]);
  });

  it('no server module outside server/workers imports a document parser', () => {
    const sources = serverSources(SERVER);
    expect(sources.length).toBeGreaterThan(50);
    const offenders = sources.flatMap((file) =>
      importedSpecifiers(readFileSync(file, 'utf8'))
        .filter(isParser)
        .filter((specifier) => {
          const allowed = [
            ...(WRITERS[path.relative(SERVER, file)] ?? []),
            ...(REQUEST_THREAD_READERS[path.relative(SERVER, file)] ?? []),
          ];
          return !allowed.includes(specifier);
        })
        .map((specifier) => `${path.relative(SERVER, file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });
});

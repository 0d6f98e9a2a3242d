import { describe, expect, it } from 'vitest';
import {
  csvLine,
  exportFileName,
  monthKey,
  monthLabel,
  monthsBetween,
  monthSpan,
  neutraliseCell,
} from './report-cells';

describe('report cells', () => {
  it('neutralises text a spreadsheet would run as a formula, and nothing else', () => {
    for (const value of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCell(value)).toBe(`'${value}`);
    for (const value of ['Alpha', '', 'a=b', -5, 3, null, true]) expect(neutraliseCell(value)).toBe(value);
  });

  it('writes CSV fields quoted only when needed', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', null, 2, false, '=x'])).toBe('a,"b,c","say ""hi""",,2,No,\'=x\r\n');
    expect(csvLine(['line\nbreak'])).toBe('"line\nbreak"\r\n');
  });

  it('counts months', () => {
    expect(monthKey(new Date('2026-11-23T12:00:00Z'))).toBe('2026-11');
    expect(monthKey(new Date('2026-11-23T12:00:00Z'), 2)).toBe('2027-01');
    expect(monthKey(new Date('2026-01-31T12:00:00Z'), -1)).toBe('2025-12');
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthSpan('2026-11', '2027-02')).toBe(4);
    expect(monthLabel('2027-02')).toBe('Feb 2027');
  });

  it('makes safe file names', () => {
    expect(exportFileName('Retired P&Ps', new Date('2026-11-23T00:00:00Z'), 'csv')).toBe(
      'Retired_PandPs_2026-11-23.csv',
    );
    expect(exportFileName('../..', new Date('2026-11-23T00:00:00Z'), 'xlsx')).toBe('report_2026-11-23.xlsx');
  });
});

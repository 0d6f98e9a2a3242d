import { describe, expect, it } from 'vitest';
import { ReportFilters } from '../../../shared/api/reporting';
import { bucketLink, monthDays, overdueLink, reportHref } from './dash-links';

const now = new Date('2026-11-23T10:00:00Z');
const bucket = (key: number | string, label = String(key)) => ({ key, label, count: 1 });

/** The report API's own accepted keys per report (docs/reports.md). */
const ACCEPTED: Record<string, readonly string[]> = {
  all_versions: [
    'q',
    'version_status',
    'pnp_status',
    'effective_from',
    'effective_to',
    'published_from',
    'published_to',
    'review_from',
    'review_to',
  ],
  pending_action: ['q', 'user_id', 'draft_stage'],
  retired_pnps: ['q', 'effective_from', 'effective_to', 'published_from', 'published_to'],
};

describe('dashboard click-through links', () => {
  it('knows the first and last day of a month, leap years included', () => {
    expect(monthDays('2026-11')).toEqual({ first: '2026-11-01', last: '2026-11-30' });
    expect(monthDays('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthDays('2027-12')).toEqual({ first: '2027-12-01', last: '2027-12-31' });
  });

  it('opens Versions Pending Action at that draft stage', () => {
    expect(reportHref('7', bucketLink('content_authoring_status', bucket(3), now))).toBe(
      '/orgs/7/reports/pending_action?draft_stage=3',
    );
  });

  it('opens one row per P&P in that status, as many as the bar counts', () => {
    // DRAFT: never published, its one version is the Draft.
    expect(reportHref('7', bucketLink('all_pnp_status', bucket(1), now))).toBe(
      '/orgs/7/reports/all_versions?pnp_status=1&version_status=1',
    );
    // ACTIVE: the Active version only, not the Archived ones nor a revision's Draft.
    expect(reportHref('7', bucketLink('all_pnp_status', bucket(2), now))).toBe(
      '/orgs/7/reports/all_versions?pnp_status=2&version_status=2',
    );
    // RETIRED: the retired P&Ps themselves.
    expect(reportHref('7', bucketLink('all_pnp_status', bucket(3), now))).toBe('/orgs/7/reports/retired_pnps');
  });

  it("spans a review month, this month's from today on like the server's count", () => {
    expect(reportHref('7', bucketLink('upcoming_reviews', bucket('2027-02'), now))).toBe(
      '/orgs/7/reports/all_versions?version_status=2&pnp_status=2&review_from=2027-02-01&review_to=2027-02-28',
    );
    expect(bucketLink('upcoming_reviews', bucket('2026-11'), now).filters).toEqual({
      version_status: '2',
      pnp_status: '2',
      review_from: '2026-11-23',
      review_to: '2026-11-30',
    });
    expect(overdueLink(now).filters).toEqual({ version_status: '2', pnp_status: '2', review_to: '2026-11-22' });
  });

  it('spans a publishing month', () => {
    expect(reportHref('7', bucketLink('published_docs', bucket('2026-02'), now))).toBe(
      '/orgs/7/reports/all_versions?published_from=2026-02-01&published_to=2026-02-28',
    );
  });

  it('uses only keys the report accepts, with values the report API validates', () => {
    const links = [
      ...[2, 3, 4, 5].map((k) => bucketLink('content_authoring_status', bucket(k), now)),
      ...[1, 2, 3].map((k) => bucketLink('all_pnp_status', bucket(k), now)),
      ...['2026-11', '2027-10'].map((k) => bucketLink('upcoming_reviews', bucket(k), now)),
      ...['2025-12', '2026-11'].map((k) => bucketLink('published_docs', bucket(k), now)),
      overdueLink(now),
    ];
    for (const link of links) {
      for (const key of Object.keys(link.filters)) expect(ACCEPTED[link.report]).toContain(key);
      expect(ReportFilters.safeParse(link.filters).success).toBe(true);
    }
  });
});

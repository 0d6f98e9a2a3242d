import type { DashBucket, DashFigure, ReportFilterKey } from '../../../shared/api/reporting';
import { monthKey } from '../../../shared/domain/report-cells';
import { PnpStatus, VersionStatus } from '../../../shared/domain/statuses';

/**
 * Where each dashboard bar leads: a report screen of the catalogue (spec §2), filtered. The filters
 * travel as URL query keys named exactly like the report API's (shared/api/reporting.ts), so the
 * report screen hands them to the API unchanged; only keys that report accepts (docs/reports.md).
 */

/** The report screens a figure opens (paths below orgs/{orgId}/reports). */
export type DashReportPath = 'all_versions' | 'pending_action' | 'retired_pnps';

export interface ReportLink {
  readonly report: DashReportPath;
  readonly filters: Readonly<Partial<Record<ReportFilterKey, string>>>;
}

/** First and last day of a month key 'yyyy-mm', as 'yyyy-mm-dd'. */
export function monthDays(key: string): { first: string; last: string } {
  const [year = 1970, month = 1] = key.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${key}-01`, last: `${key}-${String(lastDay).padStart(2, '0')}` };
}

/** 'yyyy-mm-dd' of a UTC day, `offset` days after `date`. */
export function utcDay(date: Date, offset = 0): string {
  return new Date(date.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The report behind one bar. `now` matters for upcoming reviews: the server counts this month's
 * reviews from today on (earlier ones are overdue), so this month's link starts today too.
 */
export function bucketLink(figure: DashFigure, bucket: DashBucket, now: Date): ReportLink {
  switch (figure) {
    case 'content_authoring_status':
      // Versions Pending Action lists the drafts of P&Ps not retired, the versions this figure counts.
      return { report: 'pending_action', filters: { draft_stage: String(bucket.key) } };
    case 'all_pnp_status': {
      // The figure counts P&Ps, so each bar opens one row per P&P: retired ones in Retired P&Ps, the
      // others in All Versions at the version that stands for the P&P (a never-published P&P's
      // Draft, a published one's Active version). All of their versions would count Archived
      // versions and revision drafts too, more rows than the bar says.
      if (bucket.key === PnpStatus.Retired) return { report: 'retired_pnps', filters: {} };
      const version = bucket.key === PnpStatus.Draft ? VersionStatus.Draft : VersionStatus.Active;
      return { report: 'all_versions', filters: { pnp_status: String(bucket.key), version_status: String(version) } };
    }
    case 'upcoming_reviews': {
      const month = String(bucket.key);
      const { first, last } = monthDays(month);
      const today = utcDay(now);
      return {
        report: 'all_versions',
        filters: {
          version_status: String(VersionStatus.Active),
          pnp_status: String(PnpStatus.Published),
          review_from: month === monthKey(now) && today > first ? today : first,
          review_to: last,
        },
      };
    }
    case 'published_docs': {
      const { first, last } = monthDays(String(bucket.key));
      return { report: 'all_versions', filters: { published_from: first, published_to: last } };
    }
  }
}

/** Active versions whose review date has passed (the upcoming-reviews figure's `overdue`). */
export function overdueLink(now: Date): ReportLink {
  return {
    report: 'all_versions',
    filters: {
      version_status: String(VersionStatus.Active),
      pnp_status: String(PnpStatus.Published),
      review_to: utcDay(now, -1),
    },
  };
}

export function reportHref(orgId: string, link: ReportLink): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(link.filters)) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return `/orgs/${orgId}/reports/${link.report}${search ? `?${search}` : ''}`;
}

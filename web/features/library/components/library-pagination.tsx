import { PaginationFooter, type PaginationFooterProps } from '../../../components/pagination-footer';

export interface LibraryPaginationProps extends PaginationFooterProps {
  /** The server stopped counting at `total`: more match than it says. */
  readonly capped?: boolean;
}

/**
 * The spec's pagination footer for the library's lists. When the server stopped counting
 * (`capped`), it reads 'Showing 1 - 10 of 10,000+ P&Ps' and pages through what was counted.
 */
export function LibraryPagination({ capped, ...props }: LibraryPaginationProps) {
  return <PaginationFooter {...props} capped={capped} />;
}

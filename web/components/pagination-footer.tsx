import { Group, Text, UnstyledButton } from '@mantine/core';
import { paginate } from '../../shared/domain/pagination';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../shared/domain/limits';
import { countText } from '../lib/format';

export interface PaginationFooterProps {
  readonly total: number;
  readonly page?: number;
  readonly pageSize?: number;
  /** Plural noun after the total; defaults to 'Items' (spec §2). */
  readonly label?: string;
  /** The server stopped counting at `total` and more exist: 'of 10,000+' (`countText`). */
  readonly capped?: boolean | undefined;
  /**
   * The pager's landmark name; defaults to 'Pagination'. A screen with several pagers (one a card)
   * names each by its list, so that a screen reader's list of landmarks tells them apart.
   */
  readonly navLabel?: string;
  readonly onPageChange: (page: number) => void;
}

function PageLink({
  children,
  onClick,
  disabled = false,
  current = false,
  label,
}: {
  readonly children: React.ReactNode;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  readonly current?: boolean;
  readonly label?: string;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      px={10}
      py={4}
      fz="sm"
      fw={current ? 700 : 500}
      bg={current ? 'tenet.8' : undefined}
      c={current ? 'white' : disabled ? 'gray.6' : 'tenet.8'}
      style={{ borderRadius: 6, minWidth: 32, textAlign: 'center', cursor: disabled ? 'default' : 'pointer' }}
    >
      {children}
    </UnstyledButton>
  );
}

/**
 * Spec §2: 'Showing {lower} - {upper} of {total} {label}', Previous and Next, at most 3 page numbers,
 * hidden when the list is empty.
 */
export function PaginationFooter({
  total,
  page = DEFAULT_PAGE,
  pageSize = DEFAULT_PAGE_SIZE,
  label = 'Items',
  capped = false,
  navLabel = 'Pagination',
  onPageChange,
}: PaginationFooterProps) {
  const window = paginate({ total, page, pageSize });
  if (window.total === 0) return null;
  return (
    <Group justify="space-between" gap="sm" px="md" py="sm" wrap="wrap" data-testid="pagination-footer">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {window.lower} - {window.upper} of {capped ? countText(window.total, true) : window.total} {label}
      </Text>
      <Group gap={4} component="nav" aria-label={navLabel} data-pager>
        <PageLink onClick={() => onPageChange(window.page - 1)} disabled={!window.hasPrevious}>
          Previous
        </PageLink>
        {window.links.map((link) => (
          <PageLink key={link} onClick={() => onPageChange(link)} current={link === window.page} label={`Page ${link}`}>
            {link}
          </PageLink>
        ))}
        <PageLink onClick={() => onPageChange(window.page + 1)} disabled={!window.hasNext}>
          Next
        </PageLink>
      </Group>
    </Group>
  );
}

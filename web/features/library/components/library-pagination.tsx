import { Group, Text, UnstyledButton } from '@mantine/core';
import { paginate } from '../../../../shared/domain/pagination';
import { PaginationFooter, type PaginationFooterProps } from '../../../components/pagination-footer';
import { matchCount } from './match-count';

export interface LibraryPaginationProps extends PaginationFooterProps {
  /** The server stopped counting at `total`: more match than it says. */
  readonly capped?: boolean;
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
 * The spec's pagination footer for the library's lists. When the server stopped counting
 * (`capped`), it reads 'Showing 1 - 10 of 10,000+ P&Ps' and pages through what was counted; else
 * it is the shared footer itself.
 */
export function LibraryPagination({ capped, ...props }: LibraryPaginationProps) {
  if (!capped) return <PaginationFooter {...props} />;
  const { total, page, pageSize, label = 'Items', onPageChange } = props;
  const window = paginate({ total, ...(page ? { page } : {}), ...(pageSize ? { pageSize } : {}) });
  if (window.total === 0) return null;
  return (
    <Group justify="space-between" gap="sm" px="md" py="sm" wrap="wrap" data-testid="pagination-footer">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {window.lower} - {window.upper} of {matchCount(window.total, true)} {label}
      </Text>
      <Group gap={4} component="nav" aria-label="Pagination">
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

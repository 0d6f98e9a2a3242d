import { Badge } from '@mantine/core';
import { REVIEW_STATE_LABELS, type ReviewState } from '../../../../shared/api/library';

const COLOURS: Record<ReviewState, string> = { pending_review: 'orange', overdue: 'red' };

/** 'Pending Review' or 'Overdue' beside a P&P of the library (nothing when its review is not due). */
export function ReviewStateBadge({ state }: { readonly state: ReviewState | null }) {
  if (!state) return null;
  return (
    <Badge color={COLOURS[state]} variant="light" size="sm" style={{ flex: 'none' }} data-testid="review-state">
      {REVIEW_STATE_LABELS[state]}
    </Badge>
  );
}

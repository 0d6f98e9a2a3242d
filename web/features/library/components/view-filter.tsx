import { SegmentedControl } from '@mantine/core';
import { LIBRARY_VIEW_LABELS, type LibraryView } from '../../../../shared/api/library';

/** Spec §2 folder views, in the spec's order: All Files, Recently Viewed, Recently Published, Favorites. */
const ORDER: LibraryView[] = ['all', 'recently_viewed', 'recently_published', 'favorites'];

export function ViewFilter({
  value,
  onChange,
}: {
  readonly value: LibraryView;
  readonly onChange: (view: LibraryView) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Library view"
      value={value}
      onChange={(next) => onChange(next)}
      data={ORDER.map((view) => ({ value: view, label: LIBRARY_VIEW_LABELS[view] }))}
    />
  );
}

import { SegmentedControl, useMatches } from '@mantine/core';
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
  // The four views side by side need about 470 px: on a phone they were cut off at the screen's
  // edge (Favorites out of reach), so below the xs breakpoint they stack, each the screen's width
  // and tall enough for a finger.
  // Read at the first render (the app is never rendered on a server), so a desktop never flickers.
  const stacked = useMatches({ base: true, xs: false }, { getInitialValueInEffect: false });
  return (
    <SegmentedControl
      aria-label="Library view"
      value={value}
      onChange={(next) => onChange(next)}
      orientation={stacked ? 'vertical' : 'horizontal'}
      fullWidth={stacked}
      w={stacked ? '100%' : undefined}
      size={stacked ? 'md' : 'sm'}
      data={ORDER.map((view) => ({ value: view, label: LIBRARY_VIEW_LABELS[view] }))}
    />
  );
}

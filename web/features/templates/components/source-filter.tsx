import { SegmentedControl } from '@mantine/core';
import { TEMPLATE_SOURCES, type TemplateSource } from '../../../../shared/domain/statuses';

/** The template sources of spec §3 as a filter ('All Sources' shows both). */
export function SourceFilter({
  value,
  onChange,
}: {
  readonly value: TemplateSource | null;
  readonly onChange: (source: TemplateSource | null) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Template source"
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'all' ? null : next)}
      data={[
        { value: 'all', label: 'All Sources' },
        ...TEMPLATE_SOURCES.map((source) => ({ value: source, label: source })),
      ]}
    />
  );
}

export const sourceOf = (value: string | null): TemplateSource | null =>
  value && (TEMPLATE_SOURCES as readonly string[]).includes(value) ? (value as TemplateSource) : null;

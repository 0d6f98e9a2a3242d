import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Template } from '../../../../shared/api/templates';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { NoRecordsPanel } from '../../../components/no-records-panel';
import { PaginationFooter } from '../../../components/pagination-footer';
import { TemplateSnippet } from './template-snippet';
import { TemplatesLoadError } from './templates-load-error';

/** A load of the templates that failed, and how to ask again. */
export interface TemplateLoadFailure {
  readonly error: unknown;
  readonly retrying: boolean;
  readonly onRetry: () => void;
}

export interface TemplateListProps {
  readonly orgId: string;
  readonly templates: readonly Template[];
  readonly loading: boolean;
  /** Set when the templates could not be loaded: an empty list would say there are none. */
  readonly failure: TemplateLoadFailure | null;
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly onPageChange: (page: number) => void;
}

/** Templates with their source, description, where this organisation used them and (searching) an extract. */
export function TemplateList({
  orgId,
  templates,
  loading,
  failure,
  total,
  page,
  pageSize,
  onPageChange,
}: TemplateListProps) {
  if (loading) return <LoadingIndicator />;
  if (failure) return <TemplatesLoadError {...failure} />;
  if (templates.length === 0) {
    return (
      <Paper withBorder radius="md">
        <NoRecordsPanel items="Templates" message="No template matches." />
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Templates">
        {templates.map((template) => (
          <Stack
            key={template.id}
            component="li"
            gap={4}
            px="md"
            py="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Anchor component={Link} to={`/orgs/${orgId}/template_library/${template.id}`} fw={600}>
                {template.name}
              </Anchor>
              <Badge variant="light" color={template.source === 'Joint Commission' ? 'grape' : 'tenet'} tt="none">
                {template.source}
              </Badge>
            </Group>
            {template.description && <Text size="sm">{template.description}</Text>}
            {template.snippet && <TemplateSnippet parts={template.snippet} />}
            {(template.binders.length > 0 || template.folders.length > 0) && (
              <Text size="xs" c="dimmed">
                Used in {[...template.binders, ...template.folders].join(', ')}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
      <PaginationFooter total={total} page={page} pageSize={pageSize} label="Templates" onPageChange={onPageChange} />
    </Paper>
  );
}

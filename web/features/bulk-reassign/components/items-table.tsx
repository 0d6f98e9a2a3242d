import { Checkbox, Table, Text } from '@mantine/core';
import type { AssignedItem } from '../../../../shared/api/user-bulk-assign';
import { DRAFT_STAGE_LABELS, type DraftStage } from '../../../../shared/domain/statuses';

const TYPE_LABELS: Record<1 | 2 | 3, string> = { 1: 'Binder', 2: 'Folder', 3: 'P&P' };

export const itemKey = (item: Pick<AssignedItem, 'item_type' | 'id'>): string => `${item.item_type}:${item.id}`;

function versionsText(item: AssignedItem): string {
  return item.versions
    .map((v) =>
      v.status === 1
        ? `Draft (${DRAFT_STAGE_LABELS[v.draft_stage as DraftStage] ?? 'Draft'}${v.approval_step ? `, step ${v.approval_step}` : ''})`
        : `Version ${v.version_number ?? ''} (Active)`,
    )
    .join(', ');
}

/** The items of a source with their roles and versions; selectable when `selected` is given. */
export function ItemsTable({
  items,
  selected,
  onToggle,
  caption,
}: {
  items: readonly AssignedItem[];
  selected?: ReadonlySet<string>;
  onToggle?: (key: string, checked: boolean) => void;
  caption: string;
}) {
  if (items.length === 0) return <Text c="dimmed">No items.</Text>;
  // Wider than a phone: the table scrolls sideways in its own frame, the page does not.
  return (
    <Table.ScrollContainer minWidth={selected ? 760 : 680} type="native">
      <Table striped withTableBorder>
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {selected && <Table.Th>Selected</Table.Th>}
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Versions</Table.Th>
            <Table.Th>Open tasks</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={itemKey(item)}>
              {selected && onToggle && (
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${item.name}`}
                    checked={selected.has(itemKey(item))}
                    onChange={(e) => onToggle(itemKey(item), e.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              <Table.Td>{item.name}</Table.Td>
              <Table.Td>{TYPE_LABELS[item.item_type]}</Table.Td>
              <Table.Td>{item.location}</Table.Td>
              <Table.Td>{item.roles.map((r) => r.role_name).join(', ')}</Table.Td>
              <Table.Td>{versionsText(item)}</Table.Td>
              <Table.Td>{item.open_tasks}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

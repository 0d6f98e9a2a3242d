import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconCopy,
  IconFileText,
  IconFolder,
  IconFolderPlus,
  IconFolderSymlink,
  IconNotebook,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ManageItem } from '../tree/build-tree';
import { PNP_STATUS_LABELS, type PnpStatus } from '../../../../shared/domain/statuses';
import { ChangeLogTable } from '../../../components/change-log-table';
import { fetchContainerChangeLogs } from '../api/fetch-container-change-logs';
import { manageKeys } from '../api/manage-keys';
import { EvidenceBundleButton } from '../../evidence';
import { ParticipantsPanel } from './participants-panel';
import { PnpNodeActions } from './pnp-node-actions';

const TYPE_LABEL: Record<1 | 2 | 3, string> = { 1: 'Binder', 2: 'Folder', 3: 'P&P' };

function ChangeLogs({ orgId, containerId }: { readonly orgId: string; readonly containerId: number }) {
  const query = useQuery({
    queryKey: manageKeys.changeLogs(orgId, containerId),
    queryFn: () => fetchContainerChangeLogs(orgId, containerId),
  });
  return (
    <ChangeLogTable
      entries={query.data?.change_logs ?? []}
      truncated={query.data?.truncated}
      loading={query.isPending}
      error={query.error}
    />
  );
}

export interface NodePanelProps {
  readonly orgId: string;
  readonly item: ManageItem;
  readonly onNewFolder: () => void;
  readonly onRename: () => void;
  readonly onDelete: () => void;
  /** Opens the Move dialog; left out when the caller may not move this node. */
  readonly onMove?: () => void;
  /** Opens the Copy dialog; left out when the caller may not copy this node. */
  readonly onCopy?: () => void;
}

/** Move and Copy: what dragging does (Ctrl-drag copies), for the keyboard and screen readers. */
function ArrangeButtons({ onMove, onCopy }: Pick<NodePanelProps, 'onMove' | 'onCopy'>) {
  return (
    <>
      {onMove && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFolderSymlink size={14} />}
          aria-haspopup="dialog"
          onClick={onMove}
        >
          Move
        </Button>
      )}
      {onCopy && (
        <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} aria-haspopup="dialog" onClick={onCopy}>
          Copy
        </Button>
      )}
    </>
  );
}

/** The selected node: what it is, what may be done with it, its participants and its change logs. */
export function NodePanel({ orgId, item, onNewFolder, onRename, onDelete, onMove, onCopy }: NodePanelProps) {
  const Icon = item.item_type === 1 ? IconNotebook : item.item_type === 2 ? IconFolder : IconFileText;
  const isContainer = item.item_type !== 3;
  const manage = item.abilities.manage;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`${TYPE_LABEL[item.item_type]} ${item.name}`}>
      <Stack gap="sm">
        {/* A long name wraps; the icon and the badges keep their size (on a phone the type badge was
            cut to 'B..' and the icon shrunk to a dot). */}
        <Group gap="xs" wrap="nowrap">
          <Icon size={20} aria-hidden style={{ flex: 'none' }} />
          <Title order={2} size="h4" style={{ wordBreak: 'break-word', minWidth: 0 }}>
            {item.name}
          </Title>
          <Badge variant="light" color="gray" style={{ flex: 'none' }}>
            {TYPE_LABEL[item.item_type]}
          </Badge>
          {item.status !== null && (
            <Badge variant="light" style={{ flex: 'none' }}>
              {PNP_STATUS_LABELS[item.status as PnpStatus]}
            </Badge>
          )}
        </Group>
        {item.description && (
          <Text size="sm" c="dimmed" className="tenet-wrap-anywhere">
            {item.description}
          </Text>
        )}
        {isContainer && manage && (
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<IconFolderPlus size={14} />} onClick={onNewFolder}>
              New Folder
            </Button>
            <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={onRename}>
              Rename
            </Button>
            <ArrangeButtons onMove={onMove} onCopy={onCopy} />
            <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete
            </Button>
            {item.item_type === 1 && <EvidenceBundleButton orgId={orgId} id={item.id} kind="binder" name={item.name} />}
          </Group>
        )}
        {!isContainer && (onMove || onCopy) && (
          <Group gap="xs">
            <ArrangeButtons onMove={onMove} onCopy={onCopy} />
          </Group>
        )}
        <PnpNodeActions orgId={orgId} item={item} />
        <Tabs defaultValue="participants" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="participants">Participants</Tabs.Tab>
            {isContainer && manage && <Tabs.Tab value="change_logs">Change Logs</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="participants" pt="sm">
            <ParticipantsPanel
              key={`${item.item_type}:${item.id}`}
              orgId={orgId}
              objectType={item.item_type}
              objectId={item.id}
            />
          </Tabs.Panel>
          {isContainer && manage && (
            <Tabs.Panel value="change_logs" pt="sm">
              <ChangeLogs orgId={orgId} containerId={item.id} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </Paper>
  );
}

import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BULK_UPLOAD_LOADER_STOP_MS } from '../../../../shared/domain/limits';
import { Messages } from '../../../../shared/domain/messages';
import { Page } from '../../../components/page';
import { QueryStatus } from '../../../components/query-status';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { loader } from '../../../lib/loader';
import { bulkUploadFile } from '../api/bulk-upload';
import { getNewPnp } from '../api/new-pnp';
import { pnpKeys } from '../api/pnp-keys';
import { ACCEPTED_TEXT } from '../components/file-upload-field';
import { usePnpListsRefresh } from '../components/use-pnp-refresh';
import { documentPath } from '../components/workflow-actions';

interface Item {
  readonly key: string;
  readonly file: File;
  readonly progress: number;
  readonly state: 'waiting' | 'uploading' | 'done' | 'failed';
  readonly errors: readonly string[];
  readonly created: { pnp_id: number; document_id: number; name: string } | null;
}

const STATE_TEXT: Record<Item['state'], string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
};

/**
 * orgs/{orgId}/pnps/bulk_upload/{containerId}: many files into one binder or folder, one request per
 * file with its own progress bar and an overall one. The loader stops after 3500 ms and the warning
 * of spec §8 appears.
 */
export function BulkUploadPage() {
  const { orgId = '', containerId = '' } = useParams();
  const target = useQuery({
    queryKey: pnpKeys.newPnp(orgId, containerId),
    queryFn: () => getNewPnp(orgId, containerId),
  });
  const refreshLists = usePnpListsRefresh(orgId);
  const [items, setItems] = useState<Item[]>([]);
  const [running, setRunning] = useState(false);
  const timer = useRef<number | null>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const dropzone = useRef<HTMLDivElement>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) {
        window.clearTimeout(timer.current);
        loader.stop();
      }
    },
    [],
  );

  const patch = (key: string, change: Partial<Item>): void =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));
  const add = (files: File[]): void =>
    setItems((list) => [
      ...list,
      ...files.map((file, n) => ({
        key: `${Date.now()}-${n}-${file.name}`,
        file,
        progress: 0,
        state: 'waiting' as const,
        errors: [],
        created: null,
      })),
    ]);

  // A file chosen by mistake is taken out alone; the keyboard stays in the list (the next file's
  // Remove, else the previous one's, else the drop zone) rather than falling to the page's top.
  const remove = (key: string): void => {
    const waiting = items.filter((i) => i.state === 'waiting');
    const at = waiting.findIndex((i) => i.key === key);
    const neighbour = waiting[at + 1] ?? waiting[at - 1];
    setItems((list) => list.filter((i) => i.key !== key));
    const target = neighbour ? removeButtons.current.get(neighbour.key) : dropzone.current;
    target?.focus();
  };

  const upload = async (): Promise<void> => {
    setRunning(true);
    loader.start();
    let batch: number | null = null;
    for (const item of items.filter((i) => i.state === 'waiting')) {
      patch(item.key, { state: 'uploading' });
      try {
        const res = await bulkUploadFile(orgId, Number(containerId), batch, item.file, {
          showLoader: false,
          onProgress: (p) => patch(item.key, { progress: Math.round((p.loaded / p.total) * 100) }),
        });
        batch = res.bulk_upload.id;
        const failure = res.failed[0];
        patch(
          item.key,
          failure
            ? { state: 'failed', progress: 100, errors: failure.errors }
            : { state: 'done', progress: 100, created: res.created[0] ?? null },
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          // The session is gone and the app is on its way to sign-in: the rest would each be refused
          // the same way, so they are not sent, and nothing is said about refreshing a page left.
          patch(item.key, { state: 'waiting', progress: 0 });
          setRunning(false);
          loader.stop();
          return;
        }
        patch(item.key, {
          state: 'failed',
          errors: error instanceof ApiError && error.errors.length ? error.errors : [Messages.unexpectedError],
        });
      }
    }
    setRunning(false);
    // The manage tree and the work list show the new P&Ps when the user goes back to them.
    void refreshLists();
    timer.current = window.setTimeout(() => {
      timer.current = null;
      loader.stop();
      alerts.warning(Messages.pnpBulkUploadWarning);
    }, BULK_UPLOAD_LOADER_STOP_MS);
  };

  const total = items.length;
  const overall =
    total === 0
      ? 0
      : Math.round(
          items.reduce((n, i) => n + (i.state === 'done' || i.state === 'failed' ? 100 : i.progress), 0) / total,
        );
  const finished = items.filter((i) => i.state === 'done' || i.state === 'failed').length;
  const failed = items.filter((i) => i.state === 'failed').length;
  if (!target.data) {
    return (
      <Page title="Bulk Upload">
        <QueryStatus query={target} title="The binder or folder could not be loaded" />
      </Page>
    );
  }
  if (!target.data.can_create) {
    return (
      <Page title="Bulk Upload">
        <Alert color="orange">You may not create P&Ps in {target.data.container.location}.</Alert>
      </Page>
    );
  }
  return (
    <Page
      title="Bulk Upload"
      subtitle={`Each file becomes a Draft P&P in ${target.data.container.location}, named after the file.`}
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          {/* The file input inside the drop zone is a control of its own for a screen reader (it is
              hidden only from sight): it is named as the zone is. */}
          <Dropzone
            ref={dropzone}
            onDrop={add}
            multiple
            disabled={running}
            aria-label="Choose files to upload"
            inputProps={{ 'aria-label': 'Choose files to upload' }}
          >
            <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
              <IconUpload size={32} aria-hidden />
              <Stack gap={2}>
                <Text fw={600}>Drop files here or click to choose them</Text>
                <Text size="sm" c="dimmed">
                  {ACCEPTED_TEXT}; each file becomes its own P&P.
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          {total > 0 && (
            <>
              <Stack gap={4}>
                {/* A status: a screen reader hears each file finish, and how many were refused, as
                    the bars and the rows below change silently. */}
                <Text size="sm" fw={600} role="status">
                  Overall: {finished} of {total} files{failed > 0 ? `, ${failed} failed` : ''}
                </Text>
                <Progress value={overall} aria-label="Overall upload progress" data-testid="overall-progress" />
              </Stack>
              <Table aria-label="Files" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>File</Table.Th>
                    <Table.Th w="30%">Progress</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Remove</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((i) => (
                    <Table.Tr key={i.key} data-testid="bulk-file">
                      <Table.Td>{i.file.name}</Table.Td>
                      <Table.Td>
                        <Progress
                          value={i.progress}
                          color={i.state === 'failed' ? 'red' : undefined}
                          aria-label={`Progress of ${i.file.name}`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          {i.created ? (
                            <Anchor
                              component={Link}
                              to={documentPath(orgId, i.created.pnp_id, i.created.document_id)}
                              size="sm"
                            >
                              {STATE_TEXT[i.state]}: {i.created.name}
                            </Anchor>
                          ) : (
                            <Text size="sm">{STATE_TEXT[i.state]}</Text>
                          )}
                          {i.errors.map((e) => (
                            <Text key={e} size="xs" c="red.8">
                              {e}
                            </Text>
                          ))}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        {/* Only a file not sent yet can be taken out: a sent one is already a P&P. */}
                        {i.state === 'waiting' && !running && (
                          <ActionIcon
                            ref={(button) => {
                              if (button) removeButtons.current.set(i.key, button);
                              else removeButtons.current.delete(i.key);
                            }}
                            variant="subtle"
                            color="gray"
                            aria-label={`Remove ${i.file.name}`}
                            onClick={() => remove(i.key)}
                          >
                            <IconX size={16} aria-hidden />
                          </ActionIcon>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" disabled={running || total === 0} onClick={() => setItems([])}>
              Clear
            </Button>
            <Button
              onClick={() => void upload()}
              loading={running}
              disabled={!items.some((i) => i.state === 'waiting')}
            >
              Upload
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Page>
  );
}

import {
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
  useMatches,
} from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconArrowsMaximize, IconArrowsMinimize, IconNotebook, IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { TreeApi } from 'react-arborist';
import { useParams } from 'react-router';
import { treeNodeKey } from '../../../../shared/api/containers';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { NoRecordsPanel } from '../../../components/no-records-panel';
import { Page } from '../../../components/page';
import { QueryStatus } from '../../../components/query-status';
import { toasts } from '../../../lib/alerts';
import { useSessionFlags } from '../../../lib/session-store';
import {
  ContainerFormModal,
  type ContainerFieldErrors,
  type ContainerFormValues,
} from '../components/container-form-modal';
import { ManageTree } from '../components/manage-tree';
import { MoveCopyModal, type ArrangeTarget, type MoveCopyMode } from '../components/move-copy-modal';
import { NodePanel } from '../components/node-panel';
import { useManageTreeData } from '../components/use-manage-tree-data';
import { useRevealCreated } from '../components/use-reveal-created';
import { useTreeActions } from '../components/use-tree-actions';
import { ancestorsOf, buildTree, findNode, FOLDER_VIEWS, type FolderView, type ManageNode } from '../tree/build-tree';
import { computeCheckStates, toggleChecked, topChecked } from '../tree/check-state';
import { collectDeleted, isDeleted, landingAfterDelete } from '../tree/deleted-nodes';

/**
 * A create or rename sends only a name and a description: the server's sentences about the
 * description start with 'Description'; every other refusal (blank, too long, a sibling of the same
 * name) is about the name.
 */
function fieldErrorsOf(errors: readonly string[]): ContainerFieldErrors {
  const description = errors.filter((e) => e.startsWith('Description'));
  const name = errors.filter((e) => !e.startsWith('Description'));
  return {
    ...(name.length ? { name: name.join(' ') } : {}),
    ...(description.length ? { description: description.join(' ') } : {}),
  };
}

type FormState =
  | { mode: 'create'; itemType: 1 | 2; parentId: number | null; title: string }
  | { mode: 'rename'; node: ManageNode; title: string }
  | null;

/** orgs/{orgId}/manage: binders, folders and P&Ps; arrange them and decide who may do what. */
export function ManagePage() {
  const { orgId = '' } = useParams();
  const flags = useSessionFlags();
  const bypass = flags.isOrgAdmin;
  const [view, setView] = useState<FolderView>('all');
  const [filter, setFilter] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [form, setForm] = useState<FormState>(null);
  // The Move or Copy dialog and the node it is for.
  const [arrange, setArrange] = useState<{ readonly mode: MoveCopyMode; readonly node: ManageNode } | null>(null);
  const [expansion, setExpansion] = useState<{ readonly open: 'all' | 'none'; readonly version: number }>({
    open: 'none',
    version: 0,
  });
  // The binders and folders the user opened (all start closed): each one's children are loaded
  // when it opens. A fresh tree (another view, Expand or Collapse All) starts from the path to the
  // selected node.
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  // Folder views, the filter and Expand All need every node: the whole tree comes in one request.
  const whole = view !== 'all' || filter.trim() !== '' || expansion.open === 'all';
  const tree = useManageTreeData(orgId, bypass, whole, opened);
  const treeRef = useRef<TreeApi<ManageNode> | null>(null);
  const actions = useTreeActions(orgId, tree.locate);
  const { height: viewport } = useViewportSize();
  // Below the xs breakpoint (a phone) the four folder views side by side need about 410 px: Favorites
  // was past the screen's edge. There they stack, each the panel's width and tall enough for a
  // finger, as the library's views do. Read at the first render, so a desktop never flickers.
  const phone = useMatches({ base: true, xs: false }, { getInitialValueInEffect: false });

  const nodes = useMemo(() => buildTree(tree.items, view), [tree.items, view]);
  const revealCreated = useRevealCreated({ nodes, treeRef, setActiveId, setOpened });
  // The binders and folders above the selected node.
  const pathToActive = () =>
    new Set(
      (activeId ? ancestorsOf(nodes, activeId) : [])
        .map((key) => Number(key.slice(1)))
        .filter((id) => tree.locate(id) !== undefined),
    );
  const restart = (next: () => void) => {
    setOpened(pathToActive());
    next();
  };
  const expandAll = (open: 'all' | 'none') => restart(() => setExpansion((e) => ({ open, version: e.version + 1 })));
  const onOpenChange = useCallback((node: ManageNode, open: boolean) => {
    if (!open || node.item.item_type === 3) return;
    const id = node.item.id;
    setOpened((current) => (current.has(id) ? current : new Set(current).add(id)));
  }, []);
  const active = useMemo(() => (activeId ? findNode(nodes, activeId) : null), [nodes, activeId]);
  const selection = useMemo(() => topChecked(nodes, computeCheckStates(nodes, checked)), [nodes, checked]);
  const deletable =
    selection.length > 0 &&
    selection.every(
      (n) => n.item.item_type !== 3 && n.item.abilities.manage && (n.item.item_type === 2 || flags.isOrgAdmin),
    );
  const onCheck = useCallback(
    (node: ManageNode, on: boolean) => setChecked((current) => toggleChecked(current, node, on)),
    [],
  );
  const onActivate = useCallback((node: ManageNode) => setActiveId(node.id), []);

  const [formErrors, setFormErrors] = useState<ContainerFieldErrors>({});
  const openForm = (next: FormState) => {
    setFormErrors({});
    setForm(next);
  };
  const submitForm = async (values: ContainerFormValues) => {
    if (!form) return;
    setFormErrors({});
    const onInvalid = (errors: readonly string[]) => setFormErrors(fieldErrorsOf(errors));
    if (form.mode === 'create') {
      const created = await actions.create(form.itemType, form.parentId, values, onInvalid);
      if (!created) return;
      setForm(null);
      revealCreated(form.parentId, form.itemType, created.item.id);
      return;
    }
    const renamed = await actions.rename(form.node.item, values, onInvalid);
    if (renamed) setForm(null);
  };

  /**
   * Deletes nodes; the selection and checks that went with them are let go before the tree is fetched
   * again. The keyboard then goes back to the tree: to the selected node if it stays, else to the
   * node beside (or above) the deleted one, where Enter selects it. The button pressed went with the
   * delete (its panel or the checks), and the keyboard was left at the top of the page.
   */
  const removeNodes = async (targets: readonly ManageNode[]) => {
    const deleted = collectDeleted(targets);
    const first = targets[0];
    const landing = first ? landingAfterDelete(nodes, first.id, deleted) : null;
    const keptActive = activeId && !isDeleted(activeId, deleted) ? activeId : null;
    const done = await actions.remove(
      targets.map((n) => n.item),
      deleted,
      () => {
        setChecked(new Set());
        setActiveId((current) => (current && isDeleted(current, deleted) ? null : current));
      },
    );
    const next = keptActive ?? landing;
    if (done && next) treeRef.current?.focus(next);
  };

  /**
   * Moves or copies the dialog's node to the end of the chosen binder or folder (a binder: to its
   * place among the binders) with the calls a drop makes, then shows it there: the destination and
   * the binder and folders above it open, and the node (or its copy) is selected and given the
   * keyboard. A refusal stays in the dialog.
   */
  const confirmArrange = async (
    { destination, position }: ArrangeTarget,
    onRefused: (errors: readonly string[]) => void,
  ): Promise<boolean> => {
    if (!arrange) return false;
    // The node as the tree has it now (its lock version may have moved on since the dialog opened).
    const item = (findNode(nodes, arrange.node.id) ?? arrange.node).item;
    const parentId = destination ? destination.id : null;
    const done =
      arrange.mode === 'move'
        ? await actions.move(item, parentId, position, onRefused)
        : await actions.copy(item, parentId, position, onRefused);
    if (!done) return false;
    setArrange(null);
    revealCreated(parentId, done.item.item_type, done.item.id, destination?.ancestor_ids);
    return true;
  };
  // Binders stay at the top level, where only org admins arrange them (the server's rule); folders
  // and P&Ps go where their owner may.
  const canArrange = (node: ManageNode) =>
    node.item.abilities.manage && (node.item.item_type !== 1 || flags.isOrgAdmin);
  // The binders in their order, where a binder may be moved (the top level is always loaded).
  const binders = useMemo(() => tree.items.filter((i) => i.item_type === 1 && i.parent_id === null), [tree.items]);

  const canCreateBinder = tree.createBinder;
  const treeHeight = Math.max(360, (viewport || 900) - 320);

  return (
    <Page
      subtitle="Drag a binder, folder or P&P to move it; hold Ctrl (⌘ on a Mac) while dropping to copy it. Or select a binder, folder or P&P and choose Move or Copy."
      actions={
        canCreateBinder && (
          <Button
            leftSection={<IconNotebook size={16} />}
            onClick={() => openForm({ mode: 'create', itemType: 1, parentId: null, title: 'New Binder' })}
          >
            New Binder
          </Button>
        )
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <SegmentedControl
                size={phone ? 'md' : 'xs'}
                orientation={phone ? 'vertical' : 'horizontal'}
                fullWidth={phone}
                data={[...FOLDER_VIEWS]}
                value={view}
                onChange={(v) => restart(() => setView(v))}
                aria-label="Folder view"
              />
              <Group gap="xs" wrap="wrap">
                <TextInput
                  size="xs"
                  aria-label="Filter by name"
                  placeholder="Filter by name"
                  leftSection={<IconSearch size={14} />}
                  value={filter}
                  onChange={(e) => setFilter(e.currentTarget.value)}
                  style={{ flex: 1, minWidth: 160 }}
                />
                <Tooltip label="Expand All">
                  <Button size="xs" variant="default" aria-label="Expand All" onClick={() => expandAll('all')}>
                    <IconArrowsMaximize size={14} />
                  </Button>
                </Tooltip>
                <Tooltip label="Collapse All">
                  <Button size="xs" variant="default" aria-label="Collapse All" onClick={() => expandAll('none')}>
                    <IconArrowsMinimize size={14} />
                  </Button>
                </Tooltip>
              </Group>
              {checked.size > 0 && (
                <Group gap="xs">
                  <Text size="xs">{selection.length} selected</Text>
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={12} />}
                    disabled={!deletable || actions.busy}
                    onClick={() => void removeNodes(selection)}
                  >
                    Delete Selected
                  </Button>
                  <Button size="compact-xs" variant="subtle" onClick={() => setChecked(new Set())}>
                    Clear Selection
                  </Button>
                </Group>
              )}
              {/* A failed load says so with a way to ask again, never 'No Binders to show' as if there
                  were none; whatever did load stays below it. */}
              <QueryStatus query={tree.failed} title="The binders and folders could not be loaded" />
              {tree.pending ? (
                <LoadingIndicator />
              ) : nodes.length === 0 ? (
                tree.failed.length === 0 && (
                  <NoRecordsPanel
                    items={view === 'all' ? 'Binders' : 'P&Ps'}
                    message={
                      view === 'all' ? 'There are no binders you can see yet.' : 'No P&Ps match this folder view.'
                    }
                    hint={false}
                  />
                )
              ) : (
                <ManageTree
                  key={`${view}:${expansion.version}`}
                  startOpen={view !== 'all' ? 'all' : expansion.open}
                  nodes={nodes}
                  height={treeHeight}
                  filter={filter}
                  activeId={activeId}
                  canUseTopLevel={flags.isOrgAdmin}
                  checked={checked}
                  onCheck={onCheck}
                  onActivate={onActivate}
                  onDrop={(drop) => void actions.drop(drop)}
                  onRefused={(message) => toasts.danger(message)}
                  alsoOpen={[...opened].map((id) => treeNodeKey(2, id))}
                  onOpenChange={onOpenChange}
                  loadingIds={tree.loadingIds}
                  treeRef={treeRef}
                />
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {active ? (
            <NodePanel
              key={active.id}
              orgId={orgId}
              item={active.item}
              onNewFolder={() =>
                openForm({ mode: 'create', itemType: 2, parentId: active.item.id, title: 'New Folder' })
              }
              onRename={() =>
                openForm({
                  mode: 'rename',
                  node: active,
                  title: `Rename ${active.item.item_type === 1 ? 'Binder' : 'Folder'}`,
                })
              }
              onDelete={() => void removeNodes([active])}
              {...(canArrange(active)
                ? {
                    onMove: () => setArrange({ mode: 'move', node: active }),
                    onCopy: () => setArrange({ mode: 'copy', node: active }),
                  }
                : {})}
            />
          ) : (
            <Paper withBorder p="md" radius="md">
              <Text size="sm" c="dimmed">
                Select a binder, folder or P&P to see its participants. Use the arrow keys to move through the tree,
                Space to open or close a binder or folder, and Enter to select.
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      {arrange && (
        <MoveCopyModal
          orgId={orgId}
          mode={arrange.mode}
          item={arrange.node.item}
          binders={binders}
          onConfirm={confirmArrange}
          onClose={() => setArrange(null)}
        />
      )}
      {form && (
        <ContainerFormModal
          title={form.title}
          actionLabel={form.mode === 'create' ? 'Create' : 'Save'}
          initial={
            form.mode === 'rename'
              ? { name: form.node.item.name, description: form.node.item.description }
              : { name: '', description: null }
          }
          busy={actions.busy}
          serverErrors={formErrors}
          onSubmit={(values) => void submitForm(values)}
          onClose={() => setForm(null)}
        />
      )}
    </Page>
  );
}

import { Button, Group } from '@mantine/core';
import { IconExternalLink, IconFilePlus, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ManageItem } from '../tree/build-tree';
import { fetchNewPnp } from '../api/fetch-new-pnp';
import { fetchPnp } from '../api/fetch-pnp';
import { manageKeys } from '../api/manage-keys';

interface Props {
  readonly orgId: string;
  readonly item: ManageItem;
}

/**
 * 'New P&P' and 'Bulk Upload' on a binder or folder where the caller may create P&Ps (the P&P
 * module answers, product rules: org admin, binder owner, policy owner with a role there).
 * They go to another page, so they are links: a new tab, the address shown, a link to a screen reader.
 */
function CreateLinks({ orgId, item }: Props) {
  const query = useQuery({
    queryKey: manageKeys.newPnp(orgId, item.id),
    queryFn: () => fetchNewPnp(orgId, item.id),
    retry: false,
  });
  if (!query.data?.can_create) return null;
  const base = `/orgs/${orgId}/pnps`;
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconFilePlus size={14} />}
        component={Link}
        to={`${base}/new/${item.id}`}
      >
        New P&P
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconUpload size={14} />}
        component={Link}
        to={`${base}/bulk_upload/${item.id}`}
      >
        Bulk Upload
      </Button>
    </Group>
  );
}

/** 'Open P&P': its current document (the draft, else the Active version), when the caller may see it. */
function OpenLink({ orgId, item }: Props) {
  const query = useQuery({
    queryKey: manageKeys.pnp(orgId, item.id),
    queryFn: () => fetchPnp(orgId, item.id),
    retry: false,
  });
  const documentId = query.data?.pnp.current_document_id;
  if (documentId === undefined || documentId === null) return null;
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconExternalLink size={14} />}
        component={Link}
        to={`/orgs/${orgId}/pnps/${item.id}/pnp_documents/${documentId}`}
      >
        Open P&P
      </Button>
    </Group>
  );
}

/** What the selected node offers beyond arranging the tree: create P&Ps in it, or open it. */
export function PnpNodeActions({ orgId, item }: Props) {
  return item.item_type === 3 ? <OpenLink orgId={orgId} item={item} /> : <CreateLinks orgId={orgId} item={item} />;
}

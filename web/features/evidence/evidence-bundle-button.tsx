import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { evidenceBinderPath, evidencePnpPath } from '../../../shared/api/reporting';

export interface EvidenceBundleButtonProps {
  readonly orgId: string;
  /** The P&P's or the binder's id. */
  readonly id: number;
  readonly kind: 'pnp' | 'binder';
  /** The P&P's or binder's name, for the button's accessible name. */
  readonly name: string;
}

/**
 * 'Download evidence bundle': the P&P's or binder's evidence zip (every version's file, the
 * history summary PDF, the read acknowledgements CSV). A plain link: the browser streams the zip
 * to disk as the server writes it, so a binder's large bundle never sits in the page's memory.
 * Shown only to those who may manage the P&P or binder; the server decides (reporting scope).
 */
export function EvidenceBundleButton({ orgId, id, kind, name }: EvidenceBundleButtonProps) {
  const org = Number(orgId);
  const href = kind === 'pnp' ? evidencePnpPath(org, id) : evidenceBinderPath(org, id);
  return (
    <Button
      component="a"
      href={href}
      download
      size="xs"
      variant="light"
      leftSection={<IconFileZip size={14} aria-hidden />}
      aria-label={`Download evidence bundle of ${name}`}
    >
      Download evidence bundle
    </Button>
  );
}

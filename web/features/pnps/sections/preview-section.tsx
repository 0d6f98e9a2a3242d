import { useDocumentContext } from '../components/document-context';
import { PreviewPanel } from '../components/preview-panel';
import { SubNav } from '../components/sub-nav';
import { Stack } from '@mantine/core';

/** version_info/preview (the default section): the version's document in the page. */
export function PreviewSection() {
  const { orgId, pnp, document } = useDocumentContext();
  return (
    <Stack gap="sm">
      <SubNav group="version_info" label="Version info" />
      <PreviewPanel orgId={orgId} document={document} title={pnp.name} />
    </Stack>
  );
}

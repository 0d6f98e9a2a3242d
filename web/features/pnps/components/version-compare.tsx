import { Box, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DiffPart, VersionItem } from '../../../../shared/api/pnp-documents';
import { pnpKeys } from '../api/pnp-keys';
import { compareVersions } from '../api/versions';

interface Row {
  readonly left: string | null;
  readonly right: string | null;
  readonly kind: 'same' | 'changed';
}

/** Lines removed next to the lines that replaced them; unchanged text on both sides. */
export function sideBySide(parts: readonly DiffPart[]): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if (!part.added && !part.removed) rows.push({ left: part.value, right: part.value, kind: 'same' });
    else if (part.removed) {
      const next = parts[i + 1];
      if (next?.added) {
        rows.push({ left: part.value, right: next.value, kind: 'changed' });
        i += 1;
      } else rows.push({ left: part.value, right: null, kind: 'changed' });
    } else rows.push({ left: null, right: part.value, kind: 'changed' });
  }
  return rows;
}

const versionLabel = (v: VersionItem): string => `Version ${v.version_number ?? '?'} (${v.status_label})`;

function Cell({ text, mark }: { readonly text: string | null; readonly mark: 'del' | 'ins' | null }) {
  if (text === null) return <Box bg="gray.0" style={{ minHeight: 8 }} />;
  const colour = mark === 'del' ? 'red.0' : mark === 'ins' ? 'green.0' : undefined;
  const content = (
    <Text component="span" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  );
  return (
    <Box
      bg={colour}
      px="xs"
      py={2}
      style={{ borderLeft: mark ? `3px solid var(--mantine-color-${mark === 'del' ? 'red' : 'green'}-7)` : undefined }}
    >
      {mark === 'del' ? (
        <del aria-label="Deleted" style={{ textDecorationColor: 'var(--mantine-color-red-7)' }}>
          {content}
        </del>
      ) : mark === 'ins' ? (
        <ins aria-label="Added" style={{ textDecoration: 'none' }}>
          {content}
        </ins>
      ) : (
        content
      )}
    </Box>
  );
}

/** Version compare (issue 5): any two versions, their texts side by side, deletions and additions marked. */
export function VersionCompare({
  orgId,
  pnpId,
  versions,
}: {
  readonly orgId: string;
  readonly pnpId: number;
  readonly versions: readonly VersionItem[];
}) {
  const options = versions.map((v) => ({ value: String(v.id), label: versionLabel(v) }));
  const [from, setFrom] = useState<string | null>(versions[1] ? String(versions[1].id) : null);
  const [to, setTo] = useState<string | null>(versions[0] ? String(versions[0].id) : null);
  const [chosen, setChosen] = useState<{ from: number; to: number } | null>(null);
  const query = useQuery({
    queryKey: pnpKeys.compare(orgId, String(pnpId), chosen?.from ?? 0, chosen?.to ?? 0),
    queryFn: () => compareVersions(orgId, pnpId, chosen!.from, chosen!.to),
    enabled: chosen !== null,
  });
  const rows = query.data ? sideBySide(query.data.parts) : [];
  return (
    <Stack gap="sm" data-testid="version-compare">
      <Group align="flex-end" gap="sm">
        {/* Choosing the version already chosen keeps it (Mantine would clear it). */}
        <Select label="Compare" data={options} value={from} onChange={setFrom} allowDeselect={false} w={220} />
        <Select label="With" data={options} value={to} onChange={setTo} allowDeselect={false} w={220} />
        <Button
          disabled={!from || !to || from === to}
          onClick={() => setChosen({ from: Number(from), to: Number(to) })}
        >
          Compare
        </Button>
      </Group>
      {query.data && (
        <Paper withBorder radius="md" p="sm">
          <SimpleGrid cols={2} spacing="xs" mb="xs">
            <Text fw={600} size="sm">
              {versionLabel(query.data.from)}
            </Text>
            <Text fw={600} size="sm">
              {versionLabel(query.data.to)}
            </Text>
          </SimpleGrid>
          {query.data.identical ? (
            <Text size="sm" c="dimmed">
              The two versions have the same text.
            </Text>
          ) : (
            <Stack gap={2} role="table" aria-label="Differences">
              {rows.map((row, index) => (
                <SimpleGrid key={index} cols={2} spacing="xs" role="row">
                  <Box role="cell">
                    <Cell text={row.left} mark={row.kind === 'changed' && row.left !== null ? 'del' : null} />
                  </Box>
                  <Box role="cell">
                    <Cell text={row.right} mark={row.kind === 'changed' && row.right !== null ? 'ins' : null} />
                  </Box>
                </SimpleGrid>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}

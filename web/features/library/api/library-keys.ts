/** TanStack Query keys of the library: a favourite or a view invalidates them all at once. */
export const libraryKeys = {
  all: (orgId: string) => ['library', orgId] as const,
  browse: (orgId: string, params: Readonly<Record<string, unknown>>) => ['library', orgId, 'browse', params] as const,
  search: (orgId: string, phrase: string, offset: number) => ['library', orgId, 'search', phrase, offset] as const,
  item: (orgId: string, pnpId: string) => ['library', orgId, 'item', pnpId] as const,
  preview: (orgId: string, pnpId: string, versionId: number) =>
    ['library', orgId, 'preview', pnpId, versionId] as const,
  related: (orgId: string, pnpId: string) => ['library', orgId, 'related', pnpId] as const,
  filterOptions: (orgId: string) => ['library', orgId, 'filter-options'] as const,
};

export const templateKeys = {
  all: (orgId: string) => ['templates', orgId] as const,
  list: (orgId: string, source: string | null) => ['templates', orgId, 'list', source] as const,
  one: (orgId: string, id: string) => ['templates', orgId, 'one', id] as const,
  search: (orgId: string, phrase: string, source: string | null, offset: number) =>
    ['templates', orgId, 'search', phrase, source, offset] as const,
  preview: (orgId: string, id: string) => ['templates', orgId, 'preview', id] as const,
};

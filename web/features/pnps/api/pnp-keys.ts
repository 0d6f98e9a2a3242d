/** TanStack Query keys of P&Ps and their versions: a workflow step invalidates one P&P's keys at once. */
export const pnpKeys = {
  all: (orgId: string) => ['pnps', orgId] as const,
  list: (orgId: string, params: Readonly<Record<string, unknown>>) => ['pnps', orgId, 'list', params] as const,
  pnp: (orgId: string, pnpId: string) => ['pnps', orgId, 'pnp', pnpId] as const,
  document: (orgId: string, pnpId: string, documentId: string) =>
    ['pnps', orgId, 'pnp', pnpId, 'document', documentId] as const,
  preview: (orgId: string, pnpId: string, documentId: string) =>
    ['pnps', orgId, 'pnp', pnpId, 'preview', documentId] as const,
  versions: (orgId: string, pnpId: string) => ['pnps', orgId, 'pnp', pnpId, 'versions'] as const,
  history: (orgId: string, pnpId: string) => ['pnps', orgId, 'pnp', pnpId, 'history'] as const,
  changeLogs: (orgId: string, pnpId: string) => ['pnps', orgId, 'pnp', pnpId, 'change-logs'] as const,
  compare: (orgId: string, pnpId: string, from: number, to: number) =>
    ['pnps', orgId, 'pnp', pnpId, 'compare', from, to] as const,
  attachments: (orgId: string, pnpId: string) => ['pnps', orgId, 'pnp', pnpId, 'attachments'] as const,
  additionalInfos: (orgId: string, pnpId: string) => ['pnps', orgId, 'pnp', pnpId, 'additional-infos'] as const,
  links: (orgId: string, pnpId: string) => ['pnps', orgId, 'pnp', pnpId, 'links'] as const,
  onePnp: (orgId: string, pnpId: string) => ['pnps', orgId, 'pnp', pnpId] as const,
  workItems: (orgId: string) => ['pnps', orgId, 'work-items'] as const,
  newPnp: (orgId: string, containerId: string) => ['pnps', orgId, 'new', containerId] as const,
  newWithTemplate: (orgId: string, templateId: string) => ['pnps', orgId, 'new-with-template', templateId] as const,
  containers: (orgId: string) => ['pnps', orgId, 'containers'] as const,
  candidates: (orgId: string, q: string) => ['pnps', orgId, 'candidates', q] as const,
};

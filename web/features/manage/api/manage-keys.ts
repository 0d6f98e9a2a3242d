/** TanStack Query keys of the manage screen: a change to the tree invalidates the tree and what hangs off it. */
export const manageKeys = {
  all: (orgId: string) => ['manage', orgId] as const,
  tree: (orgId: string, bypass: boolean) => ['manage', orgId, 'tree', bypass] as const,
  /** On demand: the top levels (parent null) or one opened binder or folder's children. */
  level: (orgId: string, bypass: boolean, parentId: number | null) =>
    ['manage', orgId, 'level', bypass, parentId] as const,
  participants: (orgId: string, objectType: number, objectId: number) =>
    ['manage', orgId, 'participants', objectType, objectId] as const,
  changeLogs: (orgId: string, containerId: number) => ['manage', orgId, 'change_logs', containerId] as const,
  candidates: (orgId: string, q: string) => ['manage', orgId, 'candidates', q] as const,
  /** The Move and Copy dialogs' search for where a node may go. */
  destinations: (orgId: string, objectType: number, objectId: number, q: string) =>
    ['manage', orgId, 'destinations', objectType, objectId, q] as const,
  newPnp: (orgId: string, containerId: number) => ['manage', orgId, 'new_pnp', containerId] as const,
  pnp: (orgId: string, pnpId: number) => ['manage', orgId, 'pnp', pnpId] as const,
};

/** Statuses a manage action shows itself (each error as a danger toast), instead of leaving the page. */
export const SHOWN_HERE = [403, 404, 409, 422] as const;

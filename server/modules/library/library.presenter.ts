import type { LibraryItem, LibraryTreeNode, SnippetPart } from '../../../shared/api/library';
import { HIGHLIGHT_START, HIGHLIGHT_STOP, type LibraryRow } from './search.repo';
import { isoOfTimestampOrNull } from '../../db/timestamps';

const toIso = isoOfTimestampOrNull;

/** ts_headline's delimited text as parts the web renders as text (never as HTML). */
export function snippetParts(headline: string | null): SnippetPart[] | null {
  if (!headline) return null;
  const parts: SnippetPart[] = [];
  let rest = headline.replace(/\s+/g, ' ').trim();
  while (rest.length > 0) {
    const start = rest.indexOf(HIGHLIGHT_START);
    if (start === -1) {
      parts.push({ text: rest, highlight: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), highlight: false });
    const stop = rest.indexOf(HIGHLIGHT_STOP, start + 1);
    const end = stop === -1 ? rest.length : stop;
    const word = rest.slice(start + 1, end);
    if (word) parts.push({ text: word, highlight: true });
    rest = rest.slice(end + 1);
  }
  return parts.some((p) => p.highlight) ? parts : null;
}

export function presentItem(row: LibraryRow, expanded: boolean): LibraryItem {
  const searching = row.in_name !== null;
  const matched: NonNullable<LibraryItem['matched_in']> = [];
  if (row.in_name) matched.push('name');
  if (row.in_location) matched.push('location');
  if (row.in_description) matched.push('description');
  if (row.in_document) matched.push('document');
  return {
    pnp_id: row.pnp_id,
    name: row.name,
    location: row.location,
    description: row.description,
    expanded,
    favorite: row.favorite,
    favorite_updated_at: row.favorite ? toIso(row.favorite_updated_at) : null,
    recent_view: toIso(row.recent_view),
    published_at: toIso(row.published_at),
    container_id: row.container_id,
    version_id: row.version_id,
    version_number: row.version_number,
    effective_dt: row.effective_dt,
    review_dt: row.review_dt,
    review_state: row.review_state,
    ...(searching ? { matched_in: matched, snippet: snippetParts(row.headline) } : {}),
  };
}

export interface ContainerCount {
  id: number;
  parent_id: number | null;
  type: number;
  name: string;
  position: number;
  count: number;
}

/** Binders and folders (those holding matches, in their order) with the matching P&Ps hung under them. */
export function buildTree(containers: ContainerCount[], items: LibraryItem[], expanded: boolean): LibraryTreeNode[] {
  const nodes = new Map<number, LibraryTreeNode>();
  for (const c of containers) {
    nodes.set(c.id, {
      id: c.id,
      type: c.type === 1 ? 1 : 2,
      name: c.name,
      expanded,
      count: c.count,
      children: [],
      items: [],
    });
  }
  const roots: LibraryTreeNode[] = [];
  for (const c of containers) {
    const node = nodes.get(c.id)!;
    const parent = c.parent_id === null ? undefined : nodes.get(c.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const item of items) nodes.get(item.container_id)?.items.push(item);
  return roots;
}

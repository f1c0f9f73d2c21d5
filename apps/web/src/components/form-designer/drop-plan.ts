/** The designer's rules for a drop: which list a spot means, and whether the field may go there. */
import type { DragSource, DropPlan, DropSpot } from './dnd/index.ts';
import { accepts, isWithin, kindKey, parentKindOf, siblingsOf, type DesignDoc } from './tree.ts';

/**
 * Where a drop at `spot` puts `source`, as the index `move` and `add` take; null where the field may
 * not go (a container that does not take its kind, its own inside) or where it already is.
 */
export function planDrop(doc: DesignDoc, source: DragSource, spot: DropSpot): DropPlan | null {
  const moving = source.type === 'node' ? doc.nodes[source.id] : undefined;
  if (source.type === 'node' && !moving) return null;
  const kind = moving ? kindKey(moving.field) : (source as { kind: string }).kind;
  if (spot.parentId !== null && !doc.nodes[spot.parentId]) return null;
  if (!accepts(parentKindOf(doc, spot.parentId), kind)) return null;
  if (moving && (spot.anchorId === moving.id || isWithin(doc, spot.parentId, moving.id))) return null;
  const list = siblingsOf(doc, spot.parentId);
  let index = list.length;
  if (spot.anchorId) {
    const at = list.indexOf(spot.anchorId);
    if (at < 0) return null;
    index = spot.place === 'after' ? at + 1 : at;
  }
  if (moving && moving.parentId === spot.parentId) {
    // The index counts the list without the moving field.
    const from = list.indexOf(moving.id);
    if (from < index) index -= 1;
    if (from === index) return null;
  }
  return { parentId: spot.parentId, index };
}

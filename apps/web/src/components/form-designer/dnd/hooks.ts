/** The hooks the palette and the canvas use to take part in drag and drop. */
import { useDraggable, useDroppable } from '@dnd-kit/react';
import { useCallback } from 'react';
import { underPointer, type DropData } from './provider.tsx';
import { listKey, type Axis, type DragSource } from './types.ts';

/**
 * Collision priorities by depth, so the innermost target under the pointer wins: a field at depth d
 * gets 2d+1, the list inside it 2d+2, and the fields in that list 2(d+1)+1.
 */
const nodePriority = (depth: number) => 2 * depth + 1;
const listPriority = (depth: number | null) => (depth === null ? 0 : 2 * depth + 2);

/** A palette entry: dragged, never dropped on. */
export function usePaletteItem(kind: string) {
  const data: DragSource = { type: 'palette', kind };
  const { ref, isDragSource } = useDraggable({ id: `palette:${kind}`, data });
  return { ref, isDragSource };
}

export interface CanvasNodeDnd {
  ref: (element: Element | null) => void;
  isDragSource: boolean;
}

/** A field on the canvas: dragged by its body, and a target for "before" or "after" it. */
export function useCanvasNode(id: string, parentId: string | null, depth: number, axis: Axis): CanvasNodeDnd {
  const source: DragSource = { type: 'node', id };
  const target: DropData = { role: 'node', id, parentId, axis };
  const drag = useDraggable({ id: `node:${id}`, data: source });
  const drop = useDroppable({
    id: `node:${id}`,
    data: target,
    collisionDetector: underPointer,
    collisionPriority: nodePriority(depth),
  });
  const dragRef = drag.ref;
  const dropRef = drop.ref;
  const ref = useCallback(
    (element: Element | null) => {
      dragRef(element);
      dropRef(element);
    },
    [dragRef, dropRef],
  );
  return { ref, isDragSource: drag.isDragSource };
}

/**
 * The list of fields of the form (parentId null) or of a container: a target for a drop between
 * or after its fields. `depth` is the depth of the container's field, null for the form.
 */
export function useDropList(parentId: string | null, depth: number | null) {
  const data: DropData = { role: 'list', parentId };
  const { ref } = useDroppable({
    id: listKey(parentId),
    data,
    collisionDetector: underPointer,
    collisionPriority: listPriority(depth),
  });
  return ref;
}

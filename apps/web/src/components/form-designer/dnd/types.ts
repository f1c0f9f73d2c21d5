/**
 * The words the designer and its drag-and-drop adapter share. The adapter knows pointers and
 * elements, the designer knows the tree: the adapter reports where the pointer is (a DropSpot),
 * the designer answers where that puts the field (a DropPlan) or that it may not go there.
 */

/** What is being dragged: a kind from the palette, or a field of the canvas. */
export type DragSource = { type: 'palette'; kind: string } | { type: 'node'; id: string };

/** Where the pointer is: before or after a field of a list, or at the end of a list. */
export interface DropSpot {
  parentId: string | null;
  anchorId?: string;
  place: 'before' | 'after' | 'end';
}

/** Where a drop puts the field: the list and the index in it (counted without the field itself). */
export interface DropPlan {
  parentId: string | null;
  index: number;
}

/** The line shown while dragging: on a field (before or after it) or at the end of a list. */
export interface DropHint {
  key: string | null;
  place: 'before' | 'after' | 'end' | null;
}

/** Which way a list runs where a field sits: decides whether its left or top half means "before". */
export type Axis = 'x' | 'y';

export const listKey = (parentId: string | null) => `list:${parentId ?? 'root'}`;

/**
 * The drag-and-drop adapter over @dnd-kit/react: the one place the designer touches the library.
 * It turns the pointer over a droppable into a DropSpot, asks the designer for the plan, shows the
 * drop line through a small store that only the field under the pointer listens to, and commits
 * the plan once, on drop, so a drag is one command and one undo step.
 */
import { DragDropProvider, DragOverlay, type DragDropEventHandlers, type UseDroppableInput } from '@dnd-kit/react';
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DragSource, DropHint, DropPlan, DropSpot } from './types.ts';

/** What each droppable carries: a field (with its list and axis) or a list. */
export type DropData =
  { role: 'node'; id: string; parentId: string | null; axis: 'x' | 'y' } | { role: 'list'; parentId: string | null };

type Handlers = DragDropEventHandlers;
type Detector = NonNullable<UseDroppableInput['collisionDetector']>;
type Collision = NonNullable<ReturnType<Detector>>;

/** Pointer intersection type of @dnd-kit's CollisionType; the enum itself is not exported here. */
const POINTER_INTERSECTION = 2 as Collision['type'];

/**
 * Only the droppables under the pointer collide, the deepest first (their priority is their depth).
 * The library's default falls back to any droppable the dragged shape overlaps, which in nested
 * containers would pick an outer one the pointer is not over.
 */
export const underPointer: Detector = ({ dragOperation, droppable }) => {
  const point = dragOperation.position.current;
  const shape = droppable.shape;
  if (!point || !shape || !shape.containsPoint(point)) return null;
  const { width, height } = shape.boundingRectangle;
  // Among equals, the smaller shape is the more specific one.
  return { id: droppable.id, value: 1 / Math.max(1, width * height), type: POINTER_INTERSECTION, priority: 0 };
};

interface Adapter {
  hints: StoreApi<DropHint>;
}

const AdapterContext = createContext<Adapter | null>(null);

export function useAdapter(): Adapter {
  const adapter = useContext(AdapterContext);
  if (!adapter) throw new Error('form designer: drag and drop used outside DesignerDnd');
  return adapter;
}

/** The drop line for one field or list: null unless the pointer is there. */
export function useDropHint(key: string): DropHint['place'] {
  const { hints } = useAdapter();
  return useStore(hints, (h) => (h.key === key ? h.place : null));
}

/** The spot of a pointer over a list: before the first field it is above or left of, else the end. */
function spotInList(element: Element | undefined, parentId: string | null, x: number, y: number): DropSpot {
  const children = element ? Array.from(element.querySelectorAll(':scope > [data-dnd-node]')) : [];
  for (const child of children) {
    const rect = child.getBoundingClientRect();
    const id = child.getAttribute('data-dnd-node')!;
    if (y < rect.top) return { parentId, anchorId: id, place: 'before' };
    if (y <= rect.bottom && x < rect.left + rect.width / 2) return { parentId, anchorId: id, place: 'before' };
  }
  return { parentId, place: 'end' };
}

function spotOf(data: DropData, element: Element | undefined, x: number, y: number): DropSpot {
  if (data.role === 'list') return spotInList(element, data.parentId, x, y);
  const rect = element?.getBoundingClientRect();
  const before = rect ? (data.axis === 'x' ? x < rect.left + rect.width / 2 : y < rect.top + rect.height / 2) : true;
  return { parentId: data.parentId, anchorId: data.id, place: before ? 'before' : 'after' };
}

export interface DesignerDndProps {
  children: ReactNode;
  /** Where a spot puts the source, or null where it may not go (the designer's rules). */
  plan: (source: DragSource, spot: DropSpot) => DropPlan | null;
  onDrop: (source: DragSource, plan: DropPlan) => void;
  /** What follows the pointer while dragging. */
  overlay: (source: DragSource) => ReactNode;
}

export function DesignerDnd({ children, plan, onDrop, overlay }: DesignerDndProps) {
  const hints = useMemo(() => createStore<DropHint>()(() => ({ key: null, place: null })), []);
  const adapter = useMemo(() => ({ hints }), [hints]);
  // The plan of the last move: the drop commits exactly what the line showed.
  const current = useRef<DropPlan | null>(null);
  const latest = useRef({ plan, onDrop });
  latest.current = { plan, onDrop };

  const clear = () => {
    current.current = null;
    hints.setState({ key: null, place: null });
  };

  const onDragMove: NonNullable<Handlers['onDragMove']> = (event) => {
    const { operation } = event;
    const source = operation.source?.data as DragSource | undefined;
    const target = operation.target;
    const point = operation.position.current;
    if (!source || !target || !point) return clear();
    const spot = spotOf(target.data as DropData, target.element, point.x, point.y);
    const next = latest.current.plan(source, spot);
    if (!next) return clear();
    current.current = next;
    const key = spot.anchorId ?? `list:${spot.parentId ?? 'root'}`;
    const { key: shownKey, place: shownPlace } = hints.getState();
    if (shownKey !== key || shownPlace !== spot.place) hints.setState({ key, place: spot.place });
  };

  const onDragEnd: NonNullable<Handlers['onDragEnd']> = (event) => {
    const source = event.operation.source?.data as DragSource | undefined;
    const planned = current.current;
    clear();
    if (!event.canceled && source && planned) latest.current.onDrop(source, planned);
  };

  return (
    <AdapterContext.Provider value={adapter}>
      <DragDropProvider onDragMove={onDragMove} onDragOver={onDragMove} onDragEnd={onDragEnd} onDragStart={clear}>
        {children}
        <DragOverlay dropAnimation={null}>
          {(source) => (source?.data ? overlay(source.data as DragSource) : null)}
        </DragOverlay>
      </DragDropProvider>
    </AdapterContext.Provider>
  );
}

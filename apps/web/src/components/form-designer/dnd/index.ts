export { DesignerDnd, useDropHint, type DesignerDndProps } from './provider.tsx';
export { useCanvasNode, useDropList, usePaletteItem, type CanvasNodeDnd } from './hooks.ts';
export { listKey, type Axis, type DragSource, type DropHint, type DropPlan, type DropSpot } from './types.ts';

export { FlowDesigner, type FlowDesignerProps } from './flow-designer.tsx';
export { createFlowDesignerStore, type FlowDesignerState, type FlowDesignerStore } from './store.ts';

// In a module of its own, so a page can name the texts without loading the component.
export { flowDesignerTexts } from './texts.ts';

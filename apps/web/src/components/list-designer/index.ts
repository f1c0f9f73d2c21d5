export { ListDesigner, type ListDesignerProps } from './list-designer.tsx';
export { AppLayoutDesigner, type AppLayoutDesignerProps } from './app-layout-designer.tsx';

// In a module of its own, so a page can name the texts without loading the component.
export { listDesignerTexts } from './texts.ts';

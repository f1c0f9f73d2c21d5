export { FileLink } from './file-link.tsx';

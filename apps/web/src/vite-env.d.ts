/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base path of API calls; the server strips it (default '/prod'). */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

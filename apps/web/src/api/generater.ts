import { request } from './request.ts';

/**
 * The code generator of visual development (/api/visualdev/Generater, docs/visual-development.md):
 * a model's current draft as a server module and a web page in the project's own layout.
 */

/** One generated file: its path from the repository root and its text. */
export interface GeneratedFile {
  fileName: string;
  fileContent: string;
}

/** Where the code goes: a module area (one of areasName) and the module's class name. */
export interface GenerateOptions {
  module?: string;
  className?: string;
}

const BASE = '/api/visualdev/Generater';
const model = (id: string) => `${BASE}/${encodeURIComponent(id)}/Actions`;

export const generaterApi = {
  /** The module areas generated code may be placed in. */
  areasName: async () => (await request<{ list: string[] }>({ url: `${BASE}/AreasName` })).data!.list,
  /** The files of the model's draft. */
  codePreview: async (id: string, options: GenerateOptions = {}) =>
    (await request<{ list: GeneratedFile[] }>({ url: `${model(id)}/CodePreview`, method: 'POST', data: options })).data!
      .list,
  /** The same files as a zip: the link to download it (kept an hour, for the caller only). */
  downloadCode: async (id: string, options: GenerateOptions = {}) =>
    (await request<{ name: string; url: string }>({ url: `${model(id)}/DownloadCode`, method: 'POST', data: options }))
      .data!.url,
};

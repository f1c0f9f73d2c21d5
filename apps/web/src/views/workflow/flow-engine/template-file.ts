/** A template as a JSON file: what Export downloads and Import reads back. */
import { flowTemplateApi } from '../../../api/flow-template.ts';
import { saveFile } from '../../../components/print-preview/save-file.ts';

export async function downloadTemplate(id: string, fullName: string): Promise<void> {
  const data = await flowTemplateApi.exportFile(id);
  saveFile([JSON.stringify(data, null, 2)], `${fullName}.json`, 'application/json;charset=utf-8');
}

/** The parsed content of an exported file, or undefined when it is not a JSON object. */
export function readTemplateFile(text: string): Record<string, unknown> | undefined {
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { ReportSection } from './report.ts';

/**
 * Budgets of the shell issue (gzipped JavaScript a browser downloads), and of the form runtime's:
 * what the widget gallery page adds to the shell.
 */
export const BUDGETS = { loginKb: 220, shellKb: 320, pageKb: 60, galleryKb: 150 };

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
  isDynamicEntry?: boolean;
}

export interface BundleSizes {
  loginKb: number;
  shellKb: number;
  /**
   * The widget gallery (views/example/form-gallery): its chunk and the chunks of its static imports
   * a signed-in user does not hold already from the shell; the shared vendor chunks are the shell's.
   */
  galleryKb: number;
  /** The widget chunks the gallery then loads for its fields (every kind), beyond the above; no budget. */
  galleryWidgetsKb: number;
  pages: { page: string; kb: number }[];
}

/** Reads Vite's build manifest: the login route, the shell after sign-in, and each page's own chunk. */
export function measureBundles(distDir = WEB_DIST): BundleSizes {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gzipped = new Map<string, number>();
  const size = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(fs.readFileSync(path.join(distDir, file))).length);
    return gzipped.get(file)!;
  };
  // What a chunk needs before it can run: itself and its static imports, transitively.
  const closure = (keys: (string | undefined)[]) => {
    const files = new Set<string>();
    const visit = (key: string | undefined) => {
      const chunk = key ? manifest[key] : undefined;
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return files;
  };
  const kb = (files: Set<string>) =>
    [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + size(f), 0) / 1024;
  const dynamic = (prefix: string) =>
    Object.keys(manifest).find((k) => k.startsWith(prefix) && manifest[k]!.isDynamicEntry);
  const pages = Object.entries(manifest)
    .filter(([key, chunk]) => key.startsWith('src/views/') && chunk.isDynamicEntry)
    .map(([key, chunk]) => ({
      page: key.replace(/^src\/views\//, '').replace(/\/index\.tsx$/, ''),
      kb: size(chunk.file) / 1024,
    }))
    .sort((a, b) => b.kb - a.kb);
  // The default language's texts are fetched before the first render, so every route counts them.
  const language = dynamic('src/locales/zh-CN');
  const shell = closure(['index.html', language, dynamic('src/layouts/index'), dynamic('src/views/home/index')]);
  const beyond = (files: Set<string>, held: Set<string>) => new Set([...files].filter((f) => !held.has(f)));
  const galleryKey = dynamic('src/views/example/form-gallery/index');
  const gallery = beyond(closure([galleryKey]), shell);
  const widgets = Object.keys(manifest).filter((k) => k.startsWith('src/components/form-runtime/widgets/'));
  return {
    loginKb: kb(closure(['index.html', language, dynamic('src/views/login/index')])),
    shellKb: kb(shell),
    galleryKb: galleryKey ? kb(gallery) : NaN,
    galleryWidgetsKb: galleryKey ? kb(beyond(beyond(closure(widgets), shell), gallery)) : NaN,
    pages,
  };
}

export function budgetMisses(sizes: BundleSizes): string[] {
  const misses: string[] = [];
  if (sizes.loginKb > BUDGETS.loginKb)
    misses.push(`login route ${sizes.loginKb.toFixed(1)} KB > ${BUDGETS.loginKb} KB`);
  if (sizes.shellKb > BUDGETS.shellKb)
    misses.push(`shell after sign-in ${sizes.shellKb.toFixed(1)} KB > ${BUDGETS.shellKb} KB`);
  if (!(sizes.galleryKb <= BUDGETS.galleryKb))
    misses.push(`widget gallery page ${sizes.galleryKb.toFixed(1)} KB > ${BUDGETS.galleryKb} KB`);
  for (const p of sizes.pages)
    if (p.kb > BUDGETS.pageKb) misses.push(`page ${p.page} ${p.kb.toFixed(1)} KB > ${BUDGETS.pageKb} KB`);
  return misses;
}

export function bundleSection(sizes: BundleSizes): ReportSection {
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  return {
    title: 'Bundles (gzipped JS)',
    lines: [
      `login route          ${sizes.loginKb.toFixed(1).padStart(7)} KB  budget ${BUDGETS.loginKb} ${mark(sizes.loginKb <= BUDGETS.loginKb)}`,
      `shell after sign-in  ${sizes.shellKb.toFixed(1).padStart(7)} KB  budget ${BUDGETS.shellKb} ${mark(sizes.shellKb <= BUDGETS.shellKb)}`,
      `widget gallery page  ${sizes.galleryKb.toFixed(1).padStart(7)} KB  budget ${BUDGETS.galleryKb} ${mark(sizes.galleryKb <= BUDGETS.galleryKb)}` +
        `  (beyond the shell; its widget chunks add ${sizes.galleryWidgetsKb.toFixed(1)} KB)`,
      ...sizes.pages.map(
        (p) =>
          `page ${p.page.padEnd(16)}${p.kb.toFixed(1).padStart(7)} KB  budget ${BUDGETS.pageKb} ${mark(p.kb <= BUDGETS.pageKb)}`,
      ),
    ],
  };
}

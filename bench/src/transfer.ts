import fs from 'node:fs';
import path from 'node:path';
import type { ReportSection } from './report.ts';
import { WEB_DIST } from './bundles.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
  isDynamicEntry?: boolean;
}

type Encoding = 'br' | 'gzip' | 'identity';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };

export interface RouteTransfer {
  route: string;
  requests: number;
  bytes: Record<Encoding, number>;
}

/**
 * What a cold reload downloads, by encoding: index.html and every script, style sheet and asset
 * the route needs before it renders, each counted as the server sends it (the build's .br or .gz
 * copy when one exists, else the file itself). Response headers are not counted.
 */
export function measureTransfer(distDir = WEB_DIST): RouteTransfer[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const sent = (file: string, encoding: Encoding) => {
    const copy = path.join(distDir, file + SUFFIX[encoding]);
    return fs.statSync(fs.existsSync(copy) ? copy : path.join(distDir, file)).size;
  };
  const closure = (keys: (string | undefined)[]) => {
    const files = new Set<string>(['index.html']);
    const seen = new Set<string>();
    const visit = (key: string | undefined) => {
      const chunk = key ? manifest[key] : undefined;
      if (!key || !chunk || seen.has(key)) return;
      seen.add(key);
      for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return files;
  };
  const dynamic = (prefix: string) =>
    Object.keys(manifest).find((k) => k.startsWith(prefix) && manifest[k]!.isDynamicEntry);
  const language = dynamic('src/locales/zh-CN');
  const routes: [string, Set<string>][] = [
    ['sign-in page', closure(['index.html', language, dynamic('src/views/login/')])],
    ['shell (home)', closure(['index.html', language, dynamic('src/layouts/index'), dynamic('src/views/home/')])],
  ];
  return routes.map(([route, files]) => ({
    route,
    requests: files.size,
    bytes: {
      br: [...files].reduce((sum, f) => sum + sent(f, 'br'), 0),
      gzip: [...files].reduce((sum, f) => sum + sent(f, 'gzip'), 0),
      identity: [...files].reduce((sum, f) => sum + sent(f, 'identity'), 0),
    },
  }));
}

export function transferSection(routes: RouteTransfer[]): ReportSection {
  const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(8)} KB`;
  return {
    title: 'Cold reload transfer (static files as served)',
    lines: [
      'route           requests      brotli        gzip        none',
      ...routes.map(
        (r) =>
          `${r.route.padEnd(16)}${String(r.requests).padStart(8)} ${kb(r.bytes.br)} ${kb(r.bytes.gzip)} ${kb(r.bytes.identity)}`,
      ),
    ],
  };
}

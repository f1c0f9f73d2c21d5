import { fail } from '../../../core/errors.ts';
import type { SqlValue } from '../../../core/read-only-sql.ts';
import type { Definition } from './definition.ts';

const TIMEOUT_MS = 10_000;
/** Answers larger than this are refused rather than held in memory. */
const MAX_BYTES = 5 * 1024 * 1024;

/** The hosts of the `dataInterfaceHosts` setting: one per line or comma-separated, lower case. */
export function allowedHosts(setting: string): Set<string> {
  return new Set(
    setting
      .split(/[\s,;]+/)
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The address as a URL, refused unless it is http(s). */
export function parseAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw fail('interfaceUrlInvalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail('interfaceUrlInvalid');
  return url;
}

/** The target URL, refused unless its host (with or without the port) is allowed. */
export function checkedUrl(address: string, hosts: Set<string>): URL {
  const url = parseAddress(address);
  if (!hosts.has(url.host.toLowerCase()) && !hosts.has(url.hostname.toLowerCase())) {
    throw fail('interfaceHostRefused', { host: url.host });
  }
  return url;
}

/**
 * Calls an HTTP interface: `{name}` in the address takes the parameter's value (URL-encoded); the
 * declared parameters travel as the query (GET) or a JSON body (POST). Redirects are not followed,
 * so an allowed host cannot hand the call on to one that is not.
 */
export async function runHttpInterface(
  def: Definition,
  declared: Record<string, SqlValue>,
  hostsSetting: string,
): Promise<unknown> {
  const address = def.query
    .trim()
    .replace(/\{([A-Za-z_]\w*)\}/g, (whole, name: string) =>
      name in declared ? encodeURIComponent(String(declared[name] ?? '')) : whole,
    );
  const url = checkedUrl(address, allowedHosts(hostsSetting));
  const post = def.requestMethod.toUpperCase() === 'POST';
  const body: Record<string, SqlValue> = {};
  for (const [name, value] of Object.entries(declared)) {
    if (def.query.includes(`{${name}}`)) continue;
    if (post) body[name] = value;
    else if (value !== null) url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const h of def.requestHeaders) headers[h.field] = h.value;
  if (post) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: post ? 'POST' : 'GET',
      headers,
      body: post ? JSON.stringify(body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const e = error as { name?: string; message?: string; cause?: { message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw fail('interfaceHttpTimeout');
    throw fail('interfaceHttpFailed', { detail: e.cause?.message ?? e.message ?? '' });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw fail('interfaceHttpFailed', { detail: `HTTP ${response.status}` });
  }
  const declaredLength = Number(response.headers.get('content-length') ?? 0);
  if (declaredLength > MAX_BYTES) {
    await response.body?.cancel();
    throw fail('interfaceHttpFailed', { detail: 'response too large' });
  }
  const text = await response.text();
  if (text.length > MAX_BYTES) throw fail('interfaceHttpFailed', { detail: 'response too large' });
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

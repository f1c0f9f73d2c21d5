import { measure } from './measure.ts';
import type { BenchOptions } from './options.ts';
import type { BenchRequest, Scenario, ScenarioResult } from './scenario.ts';
import type { RunningServer } from './servers.ts';

/** Atrium serialises the envelope with `code` first, so a prefix test is a cheap per-response check. */
const ENVELOPE_OK = '{"code":200,';
const envelopeOk = (body: string | Buffer | undefined) => String(body ?? '').startsWith(ENVELOPE_OK);
/**
 * The same check for a request that accepts compressed answers, without decompressing each one:
 * a compressed body passes (only kept answers, all of them code 200, are sent compressed), an
 * envelope in plain text must carry code 200. The sample request before the run reads one whole.
 */
const ENVELOPE_ANY = '{"code":';
const envelopeOkOrCompressed = (body: string | Buffer | undefined) => {
  const text = String(body ?? '');
  return text.startsWith(ENVELOPE_OK) || !text.startsWith(ENVELOPE_ANY);
};
const acceptsCompressed = (request: BenchRequest) =>
  Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === 'accept-encoding');

/** One request before the run: a scenario that does not work must not be measured as if it did. */
async function probe(origin: string, request: BenchRequest, envelope: boolean): Promise<string | undefined> {
  const res = await fetch(origin + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await res.text();
  if (!res.ok) return `sample request answered HTTP ${res.status}: ${text.slice(0, 200)}`;
  if (!envelope) return undefined;
  let code: unknown;
  try {
    code = (JSON.parse(text) as { code?: unknown }).code;
  } catch {
    return `sample response is not JSON: ${text.slice(0, 200)}`;
  }
  if (code !== 200) return `sample response has code ${String(code)}: ${text.slice(0, 200)}`;
  // Otherwise every response of the run would count as an error for a harmless change of key order.
  if (!envelopeOk(text)) return `sample response does not start with ${ENVELOPE_OK}; update the body check`;
  return undefined;
}

export async function runScenario(
  scenario: Scenario,
  server: RunningServer,
  options: BenchOptions,
): Promise<ScenarioResult> {
  const { origin } = server;
  const request = await scenario.prepare(origin);
  const failure = await probe(origin, request, scenario.envelope);
  if (failure) return { scenario, failure };
  const measurement = await measure({
    origin,
    request,
    connections: scenario.connections,
    ...(scenario.rate ? { rate: scenario.rate } : {}),
    warmupSeconds: options.warmupSeconds,
    durationSeconds: options.durationSeconds,
    serverCpuMicros: server.cpuMicros,
    ...(scenario.envelope ? { verifyBody: acceptsCompressed(request) ? envelopeOkOrCompressed : envelopeOk } : {}),
  });
  if (measurement.errors > 0) {
    const d = measurement.errorDetail;
    return {
      scenario,
      measurement,
      failure: `${measurement.errors} errors (non-2xx ${d.non2xx}, bad body ${d.badBody}, socket ${d.socket}, timeouts ${d.timeouts})`,
    };
  }
  return { scenario, measurement };
}

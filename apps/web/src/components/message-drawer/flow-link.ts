/**
 * `/workFlowDetail?config=...` of a flow message: the body is the JSON text of the flow payload,
 * which the link carries base64-encoded. Null for an empty body: such a
 * message opens nothing.
 */
export function flowDetailPath(bodyText: string | null | undefined): string | null {
  const body = bodyText?.trim();
  if (!body) return null;
  const bytes = new TextEncoder().encode(body);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `/workFlowDetail?config=${encodeURIComponent(btoa(binary))}`;
}

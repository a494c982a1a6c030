export interface BasicCredentials {
  userId: string;
  password: string;
}

/**
 * The user id and password of an `Authorization: Basic ...` header, split at the first colon as
 * Camunda's HttpBasicAuthenticationProvider does (RFC 7617: passwords may contain colons, user ids
 * may not). passport-http split at every colon and cut such passwords short. Null when there are none.
 */
export function parseBasicCredentials(header: string | undefined): BasicCredentials | null {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { userId: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

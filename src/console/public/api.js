import { authorizationHeader, currentUser, forgetUser } from './session.js';

export const API = '/engine-rest';

/** A REST answer other than 2xx, with the engine's {type, message} when it sent one (and the rest of its body). */
export class ApiError extends Error {
  constructor(status, type, message, body = null) {
    super(message || `Request failed with status ${status}`);
    this.status = status;
    this.type = type;
    this.body = body;
  }
}

let onUnauthenticated = () => {};

/** What to do when the stored credentials stop working (the user was deleted or the password changed). */
export function whenUnauthenticated(handler) {
  onUnauthenticated = handler;
}

/** Appends the defined entries of `query` to `path`. */
export function withQuery(path, query = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const seg = encodeURIComponent;

/**
 * One call to the engine's REST API with the session's credentials. `credentials: 'omit'` keeps the
 * browser from answering a 401 challenge with its own login dialog; the header is set here instead.
 */
export async function request(method, path, { body, query, user = currentUser(), raw = false } = {}) {
  const headers = { Accept: 'application/json' };
  if (user) headers.Authorization = authorizationHeader(user);
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(API + withQuery(path, query), { method, headers, body: payload, credentials: 'omit' });
  } catch {
    throw new ApiError(0, 'NetworkError', 'The server cannot be reached.');
  }
  if (res.status === 401 && user === currentUser() && user) {
    forgetUser();
    onUnauthenticated();
  }
  if (!res.ok) throw await errorOf(res);
  if (raw) return res;
  if (res.status === 204) return null;
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

async function errorOf(res) {
  let type = null;
  let message = null;
  let body = null;
  try {
    body = await res.json();
    type = body.type ?? null;
    message = body.message ?? null;
  } catch {
    // 401 answers have an empty body.
  }
  if (res.status === 401) message = message || 'Wrong user name or password.';
  return new ApiError(res.status, type, message, body);
}

export const get = (path, query) => request('GET', path, { query });
export const post = (path, body, query) => request('POST', path, { body, query });
export const put = (path, body) => request('PUT', path, { body });
export const del = (path, query) => request('DELETE', path, { query });
export const count = async (path, query) => (await get(`${path}/count`, query)).count;

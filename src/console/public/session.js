// The user's basic credentials live in sessionStorage: they end with the browser tab, and every
// data call carries them, so the engine's authorizations apply to the console as to any client.
const KEY = 'console.credentials';

export function currentUser() {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const { userId, password } = JSON.parse(raw);
    return typeof userId === 'string' ? { userId, password } : null;
  } catch {
    return null;
  }
}

export function saveUser(userId, password) {
  sessionStorage.setItem(KEY, JSON.stringify({ userId, password }));
}

export function forgetUser() {
  sessionStorage.removeItem(KEY);
}

export function authorizationHeader(user) {
  // btoa only takes Latin-1; encode to UTF-8 first so that any user id or password works.
  const bytes = new TextEncoder().encode(`${user.userId}:${user.password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

import { whenUnauthenticated } from './api.js';
import { clear, h, link } from './dom.js';
import { errorView } from './states.js';
import { currentUser, forgetUser } from './session.js';
import * as batches from './pages/batches.js';
import * as dashboard from './pages/dashboard.js';
import * as decision from './pages/decision.js';
import * as decisions from './pages/decisions.js';
import * as definition from './pages/definition.js';
import * as definitions from './pages/definitions.js';
import * as deployments from './pages/deployments.js';
import * as incidents from './pages/incidents.js';
import * as instance from './pages/instance.js';
import * as login from './pages/login.js';
import * as tasks from './pages/tasks.js';

export const BASE = '/console';

/** Each page at its own URL; `:id` parts arrive decoded in `params`. */
const ROUTES = [
  ['/', dashboard],
  ['/login', login],
  ['/definitions', definitions],
  ['/definitions/:id', definition],
  ['/instances/:id', instance],
  ['/incidents', incidents],
  ['/tasks', tasks],
  ['/deployments', deployments],
  ['/decisions', decisions],
  ['/decisions/:id', decision],
  ['/batches', batches],
];

const NAV = [
  ['/', 'Dashboard'],
  ['/definitions', 'Processes'],
  ['/incidents', 'Incidents'],
  ['/tasks', 'Tasks'],
  ['/deployments', 'Deployments'],
  ['/decisions', 'Decisions'],
  ['/batches', 'Batches'],
];

function match(path) {
  for (const [pattern, page] of ROUTES) {
    const names = [];
    const re = new RegExp(`^${pattern.replace(/:(\w+)/g, (_, n) => (names.push(n), '([^/]+)'))}/?$`);
    const m = re.exec(path);
    if (m) return { page, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
  }
  return null;
}

export function navigate(path, { replace = false } = {}) {
  const url = path.startsWith(BASE) ? path : BASE + path;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  render();
}

function header(path) {
  const user = currentUser();
  const top = document.getElementById('top');
  if (!user) return clear(top);
  const section = (p) => (p === '/' ? path === '/' : path === p || path.startsWith(`${p}/`));
  clear(
    top,
    h(
      'nav',
      { 'aria-label': 'Main' },
      h('span', { class: 'brand' }, 'Console'),
      NAV.map(([p, label]) => {
        const a = link(BASE + p, label);
        if (section(p) || (p === '/definitions' && path.startsWith('/instances/')))
          a.setAttribute('aria-current', 'page');
        return a;
      }),
      h(
        'span',
        { class: 'user' },
        h('span', {}, `Signed in as ${user.userId}`),
        h(
          'button',
          {
            type: 'button',
            class: 'small',
            onclick: () => {
              forgetUser();
              navigate('/login');
            },
          },
          'Log out',
        ),
      ),
    ),
  );
}

let renderCount = 0;

export async function render() {
  const ticket = ++renderCount;
  const path = location.pathname.slice(BASE.length) || '/';
  const main = document.getElementById('main');
  if (!currentUser() && path !== '/login') {
    history.replaceState(null, '', `${BASE}/login?next=${encodeURIComponent(location.pathname + location.search)}`);
    return render();
  }
  header(path);
  const found = match(path);
  if (!found) {
    clear(
      main,
      h('h1', {}, 'Not found'),
      h('p', {}, 'There is no console page at this address. '),
      link(`${BASE}/`, 'Go to the dashboard'),
    );
    return;
  }
  clear(main);
  try {
    // A page that is left while it loads (another link was followed) must not draw over the new one.
    await found.page.render(main, found.params, { navigate, isCurrent: () => ticket === renderCount });
  } catch (err) {
    if (ticket !== renderCount) return;
    if (!main.querySelector('h1'))
      main.prepend(h('h1', {}, err?.status === 403 ? 'Not authorized' : 'Cannot show this page'));
    main.append(errorView(err));
  }
  document.title = `${main.querySelector('h1')?.textContent ?? 'Console'} – Console`;
}

document.addEventListener('click', (event) => {
  const a = event.target.closest?.('a[data-link]');
  if (
    !a ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  event.preventDefault();
  navigate(a.getAttribute('href'));
  document.getElementById('main').focus();
});
window.addEventListener('popstate', render);
whenUnauthenticated(() => navigate('/login', { replace: true }));
render();

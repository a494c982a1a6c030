import { ApiError, request, seg } from '../api.js';
import { field, h } from '../dom.js';
import { errorView } from '../states.js';
import { saveUser } from '../session.js';

/**
 * Checks the credentials with a call any user may make. The engine has no /identity/verify, so the
 * user's own profile is asked for: 401 means wrong credentials; 403 (no READ on users) still proves them.
 */
async function verify(userId, password) {
  try {
    await request('GET', `/user/${seg(userId)}/profile`, { user: { userId, password } });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return;
    throw err;
  }
}

export async function render(main, _params, { navigate }) {
  const username = h('input', { name: 'username', type: 'text', autocomplete: 'username', required: true });
  const password = h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const status = h('div', { 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit' }, 'Log in');
  const form = h(
    'form',
    {
      class: 'panel login',
      onsubmit: async (event) => {
        event.preventDefault();
        submit.disabled = true;
        status.replaceChildren();
        try {
          await verify(username.value.trim(), password.value);
          saveUser(username.value.trim(), password.value);
          const next = new URLSearchParams(location.search).get('next');
          navigate(next && next.startsWith('/console/') && !next.startsWith('/console/login') ? next : '/', {
            replace: true,
          });
        } catch (err) {
          status.replaceChildren(errorView(err.status === 401 ? { message: 'Wrong user name or password.' } : err));
          password.select();
        } finally {
          submit.disabled = false;
        }
      },
    },
    h('h1', {}, 'Log in'),
    field('User name', username),
    field('Password', password),
    status,
    submit,
  );
  main.append(form);
  username.focus();
}

import { h } from './dom.js';

// The four states every list and view shows the same way: loading, empty, error and "not authorized".

export function loading(what = 'Loading') {
  return h('p', { class: 'state loading', role: 'status' }, `${what}…`);
}

export function empty(text) {
  return h('p', { class: 'state empty' }, text);
}

export function errorView(err) {
  if (err?.status === 403) {
    return h('p', { class: 'state forbidden', role: 'alert' }, h('strong', {}, 'Not authorized. '), err.message || '');
  }
  return h('p', { class: 'state error', role: 'alert' }, h('strong', {}, 'Error: '), err?.message || String(err));
}

/**
 * Fills `container` with what `load` returns, showing the loading state first and the error state
 * when it throws; `load` returns a node or an array of nodes.
 */
export async function fill(container, load, what) {
  container.replaceChildren(loading(what));
  try {
    const content = await load();
    container.replaceChildren(...[content].flat().filter(Boolean));
  } catch (err) {
    container.replaceChildren(errorView(err));
  }
}

/** Runs an action from a button: disables it meanwhile and reports a failure in `status`. */
export async function act(buttonEl, status, action) {
  if (buttonEl) buttonEl.disabled = true;
  status?.replaceChildren();
  try {
    await action();
  } catch (err) {
    if (status) status.replaceChildren(errorView(err));
    else throw err;
  } finally {
    if (buttonEl) buttonEl.disabled = false;
  }
}

export function notice(text) {
  return h('p', { class: 'state ok', role: 'status' }, text);
}

// A tiny element builder: pages build their DOM from data with textContent, never innerHTML,
// so nothing the engine returns (names, messages, variable values) is ever parsed as markup.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key in el && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A link that the router follows without reloading the page. */
export function link(href, ...children) {
  return h('a', { href, dataset: { link: '' } }, ...children);
}

export function button(label, onClick, attrs = {}) {
  return h('button', { type: 'button', ...attrs, onclick: onClick }, label);
}

/** A labelled form field; the label's `for` points at the control so that both clicks and screen readers work. */
let fieldIds = 0;
export function field(labelText, control) {
  if (!control.id) control.id = `f${++fieldIds}`;
  return h('div', { class: 'field' }, h('label', { for: control.id }, labelText), control);
}

export function table(headers, rows, { caption } = {}) {
  return h(
    'table',
    {},
    caption ? h('caption', {}, caption) : null,
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        headers.map((t) => h('th', { scope: 'col' }, t)),
      ),
    ),
    h('tbody', {}, rows),
  );
}

export function section(title, ...children) {
  return h('section', { class: 'panel' }, h('h2', {}, title), ...children);
}

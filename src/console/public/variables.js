import { button, h } from './dom.js';

export const TYPES = ['String', 'Integer', 'Long', 'Double', 'Boolean', 'Date', 'Json', 'Null'];

/** The REST value of `text` typed as `type`; throws a message the form shows when the text does not fit. */
export function typedValue(type, text) {
  switch (type) {
    case 'Integer':
    case 'Long':
      if (!/^-?\d+$/.test(text.trim())) throw new Error(`'${text}' is not a whole number`);
      return { type, value: Number(text) };
    case 'Double':
      if (text.trim() === '' || Number.isNaN(Number(text))) throw new Error(`'${text}' is not a number`);
      return { type, value: Number(text) };
    case 'Boolean':
      if (!/^(true|false)$/i.test(text.trim())) throw new Error(`'${text}' is not true or false`);
      return { type, value: text.trim().toLowerCase() === 'true' };
    case 'Json':
      try {
        JSON.parse(text);
      } catch {
        throw new Error(`'${text}' is not JSON`);
      }
      return { type, value: text };
    case 'Null':
      return { type, value: null };
    default:
      return { type, value: text };
  }
}

function typeSelect(selected = 'String', label = 'Type') {
  return h(
    'select',
    { 'aria-label': label },
    TYPES.map((t) => h('option', { value: t, selected: t === selected }, t)),
  );
}

/**
 * Rows of name, type and value for starting an instance, completing a task or evaluating a decision.
 * `read()` gives the REST `variables` object (or throws when a row does not fit its type).
 */
export function variablesForm(initial = []) {
  const rows = h('div', { class: 'var-rows' });
  const addRow = (name = '', type = 'String', value = '') => {
    const n = h('input', {
      type: 'text',
      value: name,
      'aria-label': 'Variable name',
      placeholder: 'name',
      class: 'var-name',
    });
    const t = typeSelect(type, 'Variable type');
    const v = h('input', {
      type: 'text',
      value,
      'aria-label': 'Variable value',
      placeholder: 'value',
      class: 'var-value',
    });
    const row = h(
      'div',
      { class: 'var-row' },
      n,
      t,
      v,
      button('Remove', () => row.remove(), { class: 'small', 'aria-label': 'Remove variable' }),
    );
    rows.append(row);
    return row;
  };
  initial.forEach((r) => addRow(r.name, r.type, r.value));
  const el = h(
    'fieldset',
    { class: 'variables-form' },
    h('legend', {}, 'Variables'),
    rows,
    button('Add variable', () => addRow().querySelector('input').focus(), { class: 'small' }),
  );
  return {
    el,
    read() {
      const out = {};
      for (const row of rows.querySelectorAll('.var-row')) {
        const [n, t, v] = row.querySelectorAll('input, select');
        if (!n.value.trim()) continue;
        out[n.value.trim()] = typedValue(t.value, v.value);
      }
      return out;
    },
  };
}

/** One editor row for a single variable (used when adding or editing a variable of an instance). */
export function variableEditor({ name = '', type = 'String', value = '' } = {}, { nameEditable = true } = {}) {
  const n = h('input', {
    type: 'text',
    value: name,
    'aria-label': 'Variable name',
    readOnly: !nameEditable,
    class: 'var-name',
  });
  const t = typeSelect(type === 'Object' || !TYPES.includes(type) ? 'String' : type, 'Variable type');
  const v = h('input', { type: 'text', value, 'aria-label': 'Variable value', class: 'var-value' });
  return {
    el: h('span', { class: 'var-row' }, n, t, v),
    name: () => n.value.trim(),
    read: () => typedValue(t.value, v.value),
  };
}

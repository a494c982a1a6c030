import { put, seg } from './api.js';
import { button, h } from './dom.js';
import { act } from './states.js';

/**
 * Suspend or activate a process instance or definition (`kind` is the REST family); `after` redraws the page,
 * which then shows the new state. A definition also takes its instances along when the box is ticked.
 */
export function suspensionControl(kind, id, suspended, after) {
  const status = h('div', { 'aria-live': 'polite' });
  const withInstances =
    kind === 'process-definition' ? h('input', { type: 'checkbox', id: 'include-instances', checked: true }) : null;
  const toggle = button(suspended ? 'Activate' : 'Suspend', (e) =>
    act(e.currentTarget, status, async () => {
      const body = { suspended: !suspended };
      if (withInstances) body.includeProcessInstances = withInstances.checked;
      await put(`/${kind}/${seg(id)}/suspended`, body);
      after();
    }),
  );
  toggle.id = 'toggle-suspension';
  return h(
    'div',
    { class: 'suspension' },
    h(
      'div',
      { class: 'row' },
      toggle,
      withInstances ? h('label', { for: 'include-instances' }, withInstances, ' with its instances') : null,
    ),
    status,
  );
}

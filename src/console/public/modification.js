import { post, seg } from './api.js';
import { flowNodes } from './diagram.js';
import { h } from './dom.js';
import { shortId } from './format.js';
import { act } from './states.js';

/** The activity and transition instances of the tree (Cockpit's "cancel" choices), depth first. */
function cancellable(tree) {
  const found = [];
  const walk = (node) => {
    for (const child of node.childActivityInstances ?? []) {
      found.push({ kind: 'activityInstanceId', id: child.id, activityId: child.activityId, name: child.activityName });
      walk(child);
    }
    for (const t of node.childTransitionInstances ?? [])
      found.push({ kind: 'transitionInstanceId', id: t.id, activityId: t.activityId, name: t.activityName });
  };
  walk(tree);
  return found;
}

/**
 * Moves a token: one modification request that starts before the chosen activity and cancels the chosen
 * activity instance (started first, so the instance never runs out of tokens in between).
 */
export function moveTokenForm(instanceId, tree, viewer, after) {
  const from = h(
    'select',
    { id: 'move-from' },
    cancellable(tree).map((a) =>
      h('option', { value: `${a.kind}:${a.id}` }, `${a.name || a.activityId} (${shortId(a.id)})`),
    ),
  );
  const to = h(
    'select',
    { id: 'move-to' },
    flowNodes(viewer).map((n) => h('option', { value: n.id }, n.name ? `${n.name} (${n.id})` : n.id)),
  );
  const annotation = h('input', { type: 'text', id: 'move-annotation' });
  const status = h('div', { 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit' }, 'Move token');
  return h(
    'form',
    {
      id: 'move-token',
      onsubmit: (e) => {
        e.preventDefault();
        act(submit, status, async () => {
          const [kind, id] = from.value.split(/:(.*)/s);
          await post(`/process-instance/${seg(instanceId)}/modification`, {
            instructions: [
              { type: 'startBeforeActivity', activityId: to.value },
              { type: 'cancel', [kind]: id },
            ],
            annotation: annotation.value || null,
          });
          after();
        });
      },
    },
    h(
      'div',
      { class: 'row' },
      h('div', { class: 'field' }, h('label', { for: 'move-from' }, 'Cancel'), from),
      h('div', { class: 'field' }, h('label', { for: 'move-to' }, 'Start before'), to),
      h('div', { class: 'field' }, h('label', { for: 'move-annotation' }, 'Annotation (optional)'), annotation),
      submit,
    ),
    status,
  );
}

import { get, post, seg } from './api.js';
import { flowNodes } from './diagram.js';
import { h, link, table } from './dom.js';
import { formatDate } from './format.js';
import { act, empty, notice } from './states.js';

/**
 * Starts chosen finished instances of the definition again before one of its activities, with their last or
 * their initial variables, now or as an instance-restart batch (Cockpit's restart).
 */
export async function restartForm(definition, viewer, after) {
  const finished = await get('/history/process-instance', {
    processDefinitionId: definition.id,
    finished: true,
    sortBy: 'endTime',
    sortOrder: 'desc',
    maxResults: 50,
  });
  if (finished.length === 0) return empty('No finished instances of this version.');
  const boxes = finished.map((p) => h('input', { type: 'checkbox', value: p.id, 'aria-label': `Restart ${p.id}` }));
  const at = h(
    'select',
    { id: 'restart-at' },
    flowNodes(viewer, { firstLevel: true }).map((n) =>
      h('option', { value: n.id }, n.name ? `${n.name} (${n.id})` : n.id),
    ),
  );
  const initialVariables = h('input', { type: 'checkbox', id: 'restart-initial-variables' });
  const withoutBusinessKey = h('input', { type: 'checkbox', id: 'restart-without-key' });
  const status = h('div', { 'aria-live': 'polite' });
  const body = () => {
    const processInstanceIds = boxes.filter((b) => b.checked).map((b) => b.value);
    if (processInstanceIds.length === 0) throw new Error('Choose the instances to restart.');
    return {
      processInstanceIds,
      instructions: [{ type: 'startBeforeActivity', activityId: at.value }],
      initialVariables: initialVariables.checked,
      withoutBusinessKey: withoutBusinessKey.checked,
    };
  };
  const path = `/process-definition/${seg(definition.id)}`;
  const now = h('button', { type: 'button' }, 'Restart');
  now.addEventListener('click', () =>
    act(now, status, async () => {
      await post(`${path}/restart`, body());
      after();
    }),
  );
  const batch = h('button', { type: 'button' }, 'Restart as a batch');
  batch.addEventListener('click', () =>
    act(batch, status, async () => {
      const created = await post(`${path}/restart-async`, body());
      status.replaceChildren(
        notice(`Restart batch ${created.id} started with ${created.totalJobs} jobs. `),
        link('/console/batches', 'Follow it on the batches page'),
      );
    }),
  );
  return h(
    'div',
    { id: 'restart' },
    table(
      ['', 'Instance', 'Business key', 'State', 'Ended'],
      finished.map((p, i) =>
        h(
          'tr',
          { dataset: { historicInstance: p.id } },
          h('td', {}, boxes[i]),
          h('td', {}, link(`/console/instances/${encodeURIComponent(p.id)}`, p.id)),
          h('td', {}, p.businessKey ?? ''),
          h('td', {}, p.state),
          h('td', {}, formatDate(p.endTime)),
        ),
      ),
    ),
    h(
      'div',
      { class: 'row' },
      h('div', { class: 'field' }, h('label', { for: 'restart-at' }, 'Start before'), at),
      h('label', { for: 'restart-initial-variables' }, initialVariables, ' initial variables'),
      h('label', { for: 'restart-without-key' }, withoutBusinessKey, ' without business key'),
      now,
      batch,
    ),
    status,
  );
}

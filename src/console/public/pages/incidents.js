import { get, put, seg } from '../api.js';
import { button, field, h, link, section, table } from '../dom.js';
import { formatDate } from '../format.js';
import { retryable, retryIncident } from '../retry.js';
import { act, empty, fill, notice } from '../states.js';

const TYPES = ['', 'failedJob', 'failedExternalTask'];

function annotationCell(incident, status) {
  const input = h('input', {
    type: 'text',
    value: incident.annotation ?? '',
    'aria-label': `Annotation of incident ${incident.id}`,
    size: 18,
  });
  return h(
    'form',
    {
      class: 'row',
      onsubmit: (e) => {
        e.preventDefault();
        act(e.submitter, status, async () => {
          await put(`/incident/${seg(incident.id)}/annotation`, { annotation: input.value });
          status.replaceChildren(notice(`Annotation of the incident at ${incident.activityId ?? incident.id} saved.`));
        });
      },
    },
    input,
    h('button', { type: 'submit', class: 'small' }, 'Save'),
  );
}

export async function render(main) {
  const params = new URLSearchParams(location.search);
  const type = h(
    'select',
    { name: 'incidentType' },
    TYPES.map((t) => h('option', { value: t, selected: params.get('incidentType') === t }, t || 'any')),
  );
  const activity = h('input', { type: 'text', name: 'activityId', value: params.get('activityId') ?? '' });
  const message = h('input', {
    type: 'text',
    name: 'incidentMessageLike',
    value: params.get('incidentMessageLike') ?? '',
  });
  const definition = h('input', {
    type: 'text',
    name: 'processDefinitionId',
    value: params.get('processDefinitionId') ?? '',
  });
  const status = h('div', { 'aria-live': 'polite' });
  const list = h('div', { id: 'incident-list' });
  const filters = () => ({
    incidentType: type.value,
    activityId: activity.value.trim(),
    incidentMessageLike: message.value.trim() ? `%${message.value.trim()}%` : '',
    processDefinitionId: definition.value.trim(),
  });
  const load = () =>
    fill(list, async () => {
      const incidents = await get('/incident', { ...filters(), sortBy: 'incidentTimestamp', sortOrder: 'desc' });
      if (incidents.length === 0) return empty('No open incidents.');
      return table(
        ['Instance', 'Activity', 'Type', 'Message', 'Since', 'Annotation', ''],
        incidents.map((i) =>
          h(
            'tr',
            { dataset: { incident: i.id } },
            h(
              'td',
              {},
              i.processInstanceId
                ? link(`/console/instances/${encodeURIComponent(i.processInstanceId)}`, i.processInstanceId)
                : '',
            ),
            h('td', {}, i.activityId ?? ''),
            h('td', {}, i.incidentType),
            h('td', {}, i.incidentMessage ?? ''),
            h('td', {}, formatDate(i.incidentTimestamp)),
            h('td', {}, annotationCell(i, status)),
            h(
              'td',
              {},
              retryable(i)
                ? button('Retry', (e) => act(e.currentTarget, status, async () => (await retryIncident(i), load())), {
                    class: 'small',
                  })
                : '',
            ),
          ),
        ),
      );
    });
  main.append(
    h('h1', {}, 'Incidents'),
    section(
      'Filter',
      h(
        'form',
        {
          class: 'row',
          onsubmit: (e) => {
            e.preventDefault();
            const query = new URLSearchParams(
              Object.entries({
                incidentType: type.value,
                activityId: activity.value,
                incidentMessageLike: message.value,
                processDefinitionId: definition.value,
              }).filter(([, v]) => v),
            );
            history.replaceState(null, '', `${location.pathname}${query.size ? `?${query}` : ''}`);
            load();
          },
        },
        field('Type', type),
        field('Activity id', activity),
        field('Message contains', message),
        field('Definition id', definition),
        h('div', { class: 'field' }, h('button', { type: 'submit' }, 'Apply')),
      ),
    ),
    section('Open incidents', status, list),
  );
  await load();
}

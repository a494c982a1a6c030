import { get, put, seg } from './api.js';
import { button, h, table } from './dom.js';
import { formatDate, toEngineDate, toLocalInput } from './format.js';
import { act, empty } from './states.js';

/**
 * An instance's jobs with what an operator changes on them: the retries of a failed job (which resolves its
 * incident) and the due date (a timer fires then). `onChange` redraws the page after a change.
 */
export async function jobsTable(instance, onChange) {
  const [jobs, definitions] = await Promise.all([
    get('/job', { processInstanceId: instance.id }),
    get('/job-definition', { processDefinitionId: instance.definitionId }),
  ]);
  if (jobs.length === 0) return empty('No jobs.');
  const definitionOf = new Map(definitions.map((d) => [d.id, d]));
  const status = h('div', { 'aria-live': 'polite' });
  return [
    status,
    table(
      ['Activity', 'Type', 'Retries', 'Due', 'Exception', ''],
      jobs.map((j) => {
        const definition = definitionOf.get(j.jobDefinitionId);
        const activity = definition?.activityId ?? j.failedActivityId ?? '';
        const retries = h('input', { type: 'number', min: '0', value: '1', class: 'narrow', 'aria-label': 'Retries' });
        const due = h('input', { type: 'datetime-local', value: toLocalInput(j.dueDate), 'aria-label': 'Due date' });
        const change = (what, body) => (e) =>
          act(e.currentTarget, status, async () => {
            await put(`/job/${seg(j.id)}/${what}`, body());
            onChange();
          });
        return h(
          'tr',
          { dataset: { job: j.id, activity } },
          h('td', {}, activity),
          h('td', {}, definition?.jobType ?? ''),
          h('td', { class: 'retries' }, String(j.retries)),
          h('td', { class: 'due' }, formatDate(j.dueDate)),
          h('td', {}, j.exceptionMessage ?? ''),
          h(
            'td',
            { class: 'actions' },
            h(
              'div',
              { class: 'row' },
              retries,
              button(
                'Set retries',
                change('retries', () => ({ retries: Number(retries.value) })),
                { class: 'small' },
              ),
            ),
            h(
              'div',
              { class: 'row' },
              due,
              button(
                'Set due date',
                change('duedate', () => ({ duedate: toEngineDate(due.value) })),
                { class: 'small' },
              ),
            ),
          ),
        );
      }),
    ),
  ];
}

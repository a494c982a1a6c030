import { ApiError, del, get, put, seg } from '../api.js';
import { showBpmn } from '../diagram.js';
import { button, h, link, section, table } from '../dom.js';
import { formatDate, formatValue } from '../format.js';
import { jobsTable } from '../jobs.js';
import { moveTokenForm } from '../modification.js';
import { retryable, retryIncident } from '../retry.js';
import { act, empty, errorView, fill, notice } from '../states.js';
import { suspensionControl } from '../suspension.js';
import { variableEditor } from '../variables.js';

/** Every activity id in the activity instance tree below the process instance itself (transition instances too: async continuations). */
function activeActivityIds(tree) {
  const ids = new Set();
  const walk = (node) => {
    for (const child of node.childActivityInstances ?? []) {
      ids.add(child.activityId);
      walk(child);
    }
    for (const t of node.childTransitionInstances ?? []) ids.add(t.activityId);
  };
  walk(tree);
  return ids;
}

async function diagram(canvas, instance, incidents) {
  const [{ bpmn20Xml }, tree] = await Promise.all([
    get(`/process-definition/${seg(instance.definitionId)}/xml`),
    instance.running ? get(`/process-instance/${seg(instance.id)}/activity-instances`) : null,
  ]);
  const markers = {};
  const mark = (id, cls) => (markers[id] ??= []).push(cls);
  if (tree) for (const id of activeActivityIds(tree)) mark(id, 'console-active');
  for (const i of incidents) if (i.activityId) mark(i.activityId, 'console-incident');
  return { tree, viewer: await showBpmn(canvas, bpmn20Xml, { markers }) };
}

function variablesView(instance) {
  const status = h('div', { 'aria-live': 'polite' });
  const body = h('div');
  const load = () =>
    fill(body, async () => {
      const vars = await get(`/process-instance/${seg(instance.id)}/variables`, { deserializeValues: false });
      const names = Object.keys(vars).sort();
      const rows = names.map((name) => variableRow(name, vars[name]));
      return [names.length ? table(['Name', 'Type', 'Value', ''], rows) : empty('No variables.'), addForm()];
    });
  const save = (name, editor) => put(`/process-instance/${seg(instance.id)}/variables/${seg(name)}`, editor.read());
  function variableRow(name, v) {
    const cell = h('td', { class: 'value' }, formatValue(v));
    const typeCell = h('td', {}, v.type);
    const actions = h('td', { class: 'actions' });
    const showActions = () =>
      actions.replaceChildren(
        button('Edit', () => edit(), { class: 'small', 'aria-label': `Edit ${name}` }),
        button(
          'Delete',
          (e) =>
            act(
              e.currentTarget,
              status,
              async () => (await del(`/process-instance/${seg(instance.id)}/variables/${seg(name)}`), load()),
            ),
          {
            class: 'small',
            'aria-label': `Delete ${name}`,
          },
        ),
      );
    const edit = () => {
      const editor = variableEditor({ name, type: v.type, value: formatValue(v) }, { nameEditable: false });
      cell.replaceChildren(editor.el);
      typeCell.replaceChildren();
      actions.replaceChildren(
        button('Save', (e) => act(e.currentTarget, status, async () => (await save(name, editor), load())), {
          class: 'small',
        }),
        button('Cancel', () => load(), { class: 'small' }),
      );
      editor.el.querySelector('.var-value').focus();
    };
    showActions();
    return h('tr', { dataset: { variable: name } }, h('th', { scope: 'row' }, name), typeCell, cell, actions);
  }
  function addForm() {
    const editor = variableEditor();
    return h(
      'form',
      {
        class: 'row',
        onsubmit: (e) => {
          e.preventDefault();
          act(e.submitter, status, async () => {
            if (!editor.name()) throw new Error('A variable needs a name.');
            await save(editor.name(), editor);
            await load();
          });
        },
      },
      h('strong', {}, 'Add variable: '),
      editor.el,
      h('button', { type: 'submit' }, 'Add'),
    );
  }
  return { el: h('div', {}, status, body), load };
}

function incidentsTable(incidents, onChange) {
  if (incidents.length === 0) return empty('No open incidents.');
  const status = h('div', { 'aria-live': 'polite' });
  return [
    status,
    table(
      ['Activity', 'Type', 'Message', 'Since', ''],
      incidents.map((i) =>
        h(
          'tr',
          {},
          h('td', {}, i.activityId ?? ''),
          h('td', {}, i.incidentType),
          h('td', {}, i.incidentMessage ?? ''),
          h('td', {}, formatDate(i.incidentTimestamp)),
          h(
            'td',
            {},
            retryable(i)
              ? button('Retry', (e) => act(e.currentTarget, status, async () => (await retryIncident(i), onChange())), {
                  class: 'small',
                })
              : '',
          ),
        ),
      ),
    ),
  ];
}

async function externalTasksAndJobs(instance, onChange) {
  const [tasks, jobs] = await Promise.all([
    get('/external-task', { processInstanceId: instance.id }),
    jobsTable(instance, onChange),
  ]);
  return [
    h('h3', {}, 'External tasks'),
    tasks.length
      ? table(
          ['Activity', 'Topic', 'Retries', 'Worker', 'Locked until', 'Error'],
          tasks.map((t) =>
            h(
              'tr',
              {},
              h('td', {}, t.activityId),
              h('td', {}, t.topicName),
              h('td', {}, t.retries ?? ''),
              h('td', {}, t.workerId ?? ''),
              h('td', {}, formatDate(t.lockExpirationTime)),
              h('td', {}, t.errorMessage ?? ''),
            ),
          ),
        )
      : empty('No external tasks.'),
    h('h3', {}, 'Jobs'),
    h('div', { id: 'jobs' }, jobs),
  ];
}

async function activityHistory(instanceId) {
  const acts = await get('/history/activity-instance', {
    processInstanceId: instanceId,
    sortBy: 'startTime',
    sortOrder: 'asc',
  });
  if (acts.length === 0) return empty('No activity history (the history level may be none).');
  return table(
    ['Activity', 'Type', 'Started', 'Ended', 'State'],
    acts.map((a) =>
      h(
        'tr',
        {},
        h('td', {}, a.activityName || a.activityId),
        h('td', {}, a.activityType),
        h('td', {}, formatDate(a.startTime)),
        h('td', {}, formatDate(a.endTime)),
        h('td', {}, a.canceled ? 'canceled' : a.endTime ? 'completed' : 'active'),
      ),
    ),
  );
}

/**
 * The running instance, or its history once it has ended (the runtime answers 404 then):
 * both give the definition and a state to show.
 */
async function loadInstance(id) {
  try {
    const p = await get(`/process-instance/${seg(id)}`);
    return {
      id,
      definitionId: p.definitionId,
      businessKey: p.businessKey,
      running: true,
      state: p.suspended ? 'SUSPENDED' : 'ACTIVE',
    };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    const hp = await get(`/history/process-instance/${seg(id)}`);
    return {
      id,
      definitionId: hp.processDefinitionId,
      businessKey: hp.businessKey,
      running: false,
      state: hp.state,
      endTime: hp.endTime,
    };
  }
}

export async function render(main, { id }, ctx) {
  const instance = await loadInstance(id);
  const incidents = instance.running ? await get('/incident', { processInstanceId: id }) : [];
  const canvas = h('div', {
    class: 'canvas',
    id: 'diagram',
    role: 'img',
    'aria-label': 'Process diagram with the active activities marked',
  });
  const diagramStatus = h('div');
  const vars = variablesView(instance);
  const history = h('div');
  const runtime = h('div');
  const cancelStatus = h('div', { 'aria-live': 'polite' });
  const move = h('div', { id: 'move' });
  const reload = () => ctx.isCurrent() && ctx.navigate(`/instances/${encodeURIComponent(id)}`, { replace: true });
  main.append(
    h('h1', {}, `Process instance ${id}`),
    h(
      'p',
      { id: 'instance-state' },
      h('strong', {}, `State: ${instance.state}`),
      ' · definition ',
      link(`/console/definitions/${encodeURIComponent(instance.definitionId)}`, instance.definitionId),
      instance.businessKey ? ` · business key ${instance.businessKey}` : '',
      instance.endTime ? ` · ended ${formatDate(instance.endTime)}` : '',
    ),
    instance.running ? suspensionControl('process-instance', id, instance.state === 'SUSPENDED', reload) : null,
    section('Diagram', diagramStatus, canvas),
  );
  if (instance.running) {
    main.append(
      section('Incidents', h('div', { id: 'incidents' }, incidentsTable(incidents, reload))),
      section('Variables', vars.el),
      section('External tasks and jobs', runtime),
      section('Move a token', move),
    );
  }
  main.append(section('Activity history', history));
  if (instance.running) {
    main.append(
      section(
        'Cancel',
        cancelStatus,
        button(
          'Cancel instance',
          (e) => {
            if (!confirm('Cancel this process instance?')) return;
            act(e.currentTarget, cancelStatus, async () => {
              await del(`/process-instance/${seg(id)}`);
              cancelStatus.replaceChildren(notice('The instance was canceled.'));
              reload();
            });
          },
          { class: 'danger' },
        ),
      ),
    );
  }
  await Promise.all([
    diagram(canvas, instance, incidents).then(
      ({ tree, viewer }) => tree && move.replaceChildren(moveTokenForm(id, tree, viewer, reload)),
      (err) => {
        diagramStatus.replaceChildren(errorView(err));
        move.replaceChildren(empty('Needs the diagram.'));
      },
    ),
    instance.running ? vars.load() : null,
    instance.running ? fill(runtime, () => externalTasksAndJobs(instance, reload)) : null,
    fill(history, () => activityHistory(id)),
  ]);
}

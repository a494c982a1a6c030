import { get, post, seg } from '../api.js';
import { button, h, link, section } from '../dom.js';
import { formatDate, formatValue } from '../format.js';
import { act, empty, errorView, fill, notice } from '../states.js';
import { currentUser } from '../session.js';
import { TYPES, variablesForm } from '../variables.js';

/** The built-in lists; saved task filters follow them. */
function builtInViews(userId) {
  return [
    {
      key: 'all',
      label: 'All my visible tasks',
      load: () => get('/task', { sortBy: 'created', sortOrder: 'desc', maxResults: 100 }),
    },
    {
      key: 'assigned',
      label: 'Assigned to me',
      load: () => get('/task', { assignee: userId, sortBy: 'created', sortOrder: 'desc', maxResults: 100 }),
    },
    {
      key: 'candidate',
      label: 'Candidate for me',
      load: () => get('/task', { candidateUser: userId, sortBy: 'created', sortOrder: 'desc', maxResults: 100 }),
    },
  ];
}

async function savedFilters() {
  const filters = await get('/filter', { resourceType: 'Task', sortBy: 'name', sortOrder: 'asc' });
  return filters.map((f) => ({
    key: `filter:${f.id}`,
    label: f.name,
    load: () => get(`/filter/${seg(f.id)}/list`, { maxResults: 100 }),
  }));
}

function setQuery(values) {
  const query = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(values)) {
    if (v) query.set(k, v);
    else query.delete(k);
  }
  history.replaceState(null, '', `${location.pathname}${query.size ? `?${query}` : ''}`);
}

/** The task's form variables (what Tasklist's generic form shows) as editable rows; types the form cannot edit are left out. */
async function formRows(taskId) {
  try {
    const vars = await get(`/task/${seg(taskId)}/form-variables`, { deserializeValues: false });
    return Object.entries(vars)
      .filter(([, v]) => TYPES.includes(v.type))
      .map(([name, v]) => ({ name, type: v.type, value: v.type === 'Null' ? '' : formatValue(v) }));
  } catch {
    return [];
  }
}

function taskDetail(task, rows, userId, onDone) {
  const status = h('div', { 'aria-live': 'polite' });
  const vars = variablesForm(rows);
  const mine = task.assignee === userId;
  const claim = task.assignee
    ? button(
        mine ? 'Unclaim' : `Unclaim (assigned to ${task.assignee})`,
        (e) => act(e.currentTarget, status, async () => (await post(`/task/${seg(task.id)}/unclaim`), onDone(task.id))),
        {
          class: 'secondary',
        },
      )
    : button(
        'Claim',
        (e) =>
          act(
            e.currentTarget,
            status,
            async () => (await post(`/task/${seg(task.id)}/claim`, { userId }), onDone(task.id)),
          ),
        {
          class: 'secondary',
        },
      );
  const complete = h('button', { type: 'submit' }, 'Complete');
  return h(
    'div',
    { id: 'task-detail' },
    h('h2', {}, task.name || task.taskDefinitionKey || task.id),
    h(
      'p',
      { class: 'muted' },
      `Created ${formatDate(task.created)}`,
      task.due ? ` · due ${formatDate(task.due)}` : '',
      ` · assignee ${task.assignee ?? 'none'}`,
      task.processInstanceId
        ? [
            ' · instance ',
            link(`/console/instances/${encodeURIComponent(task.processInstanceId)}`, task.processInstanceId),
          ]
        : '',
    ),
    task.description ? h('p', {}, task.description) : null,
    h('div', { class: 'actions' }, claim),
    h(
      'form',
      {
        onsubmit: (e) => {
          e.preventDefault();
          act(complete, status, async () => {
            await post(`/task/${seg(task.id)}/complete`, { variables: vars.read() });
            onDone(null, `Task '${task.name || task.id}' completed.`);
          }).catch((err) => status.replaceChildren(errorView(err)));
        },
      },
      h('h3', {}, 'Complete with variables'),
      vars.el,
      complete,
    ),
    status,
  );
}

export async function render(main) {
  const user = currentUser();
  const nav = h('div', { class: 'task-views' });
  const list = h('div', { class: 'task-list', id: 'task-list' });
  const detail = h('div', {}, empty('Select a task.'));
  const message = h('div', { 'aria-live': 'polite' });
  let views = builtInViews(user.userId);
  let current = new URLSearchParams(location.search).get('view') || 'all';

  const showTask = async (id) => {
    setQuery({ task: id });
    list.querySelectorAll('button[data-task]').forEach((b) => b.classList.toggle('selected', b.dataset.task === id));
    if (!id) return detail.replaceChildren(empty('Select a task.'));
    await fill(
      detail,
      async () => taskDetail(...(await Promise.all([get(`/task/${seg(id)}`), formRows(id)])), user.userId, afterChange),
      'Loading the task',
    );
  };
  const afterChange = async (id, text) => {
    message.replaceChildren(text ? notice(text) : '');
    await loadList();
    await showTask(id);
  };
  const loadList = () =>
    fill(list, async () => {
      const view = views.find((v) => v.key === current) ?? views[0];
      const tasks = await view.load();
      if (tasks.length === 0) return empty('No tasks in this list.');
      const selected = new URLSearchParams(location.search).get('task');
      return h(
        'ul',
        {},
        tasks.map((t) =>
          h(
            'li',
            {},
            button(
              [
                h('strong', {}, t.name || t.taskDefinitionKey || t.id),
                h('br'),
                h(
                  'span',
                  { class: 'muted' },
                  `${t.assignee ? `assigned to ${t.assignee}` : 'unassigned'} · ${formatDate(t.created)}`,
                ),
              ],
              () => showTask(t.id),
              {
                dataset: { task: t.id },
                class: t.id === selected ? 'selected' : '',
              },
            ),
          ),
        ),
      );
    });
  const drawViews = () =>
    nav.replaceChildren(
      h('label', { for: 'task-view' }, 'List '),
      h(
        'select',
        {
          id: 'task-view',
          onchange: (e) => {
            current = e.target.value;
            setQuery({ view: current, task: null });
            detail.replaceChildren(empty('Select a task.'));
            loadList();
          },
        },
        views.map((v) => h('option', { value: v.key, selected: v.key === current }, v.label)),
      ),
    );

  drawViews();
  main.append(
    h('h1', {}, 'Tasks'),
    message,
    h('div', { class: 'columns' }, section('Task list', nav, list), section('Task', detail)),
  );
  try {
    views = [...views, ...(await savedFilters())];
    drawViews();
  } catch (err) {
    // Without READ on filters the built-in lists still work.
    if (err.status !== 403) nav.append(errorView(err));
  }
  await loadList();
  const selected = new URLSearchParams(location.search).get('task');
  if (selected) await showTask(selected);
}

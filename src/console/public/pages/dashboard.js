import { count, get } from '../api.js';
import { h, link, section, table } from '../dom.js';
import { empty, errorView, fill } from '../states.js';

/** One number per card; each card loads (and fails) on its own, so one forbidden resource does not blank the page. */
function card(label, href, load) {
  const number = h('div', { class: 'number' }, '…');
  const el = h('div', { class: 'card' }, number, h('div', { class: 'label' }, href ? link(href, label) : label));
  load().then(
    (n) => number.replaceChildren(String(n)),
    (err) => number.replaceChildren(errorView(err)),
  );
  return el;
}

async function topics() {
  const names = await get('/external-task/topic-names', { withUnlockedTasks: true });
  if (names.length === 0) return empty('No external tasks are waiting.');
  const counts = await Promise.all(names.map((topicName) => count('/external-task', { topicName, notLocked: true })));
  return table(
    ['Topic', 'Waiting (not locked)'],
    names.map((name, i) => h('tr', {}, h('td', {}, name), h('td', {}, String(counts[i])))),
  );
}

export async function render(main) {
  const waiting = h('div');
  main.append(
    h('h1', {}, 'Dashboard'),
    h(
      'div',
      { class: 'grid', id: 'counts' },
      card('Running process instances', '/console/definitions', () => count('/process-instance')),
      card('Open incidents', '/console/incidents', () => count('/incident')),
      card('Open user tasks', '/console/tasks', () => count('/task')),
      card('Jobs due', null, () => count('/job', { executable: true })),
      card('Batches running', '/console/batches', () => count('/batch')),
    ),
    section('External tasks waiting per topic', waiting),
  );
  await fill(waiting, topics, 'Loading topics');
}

import { del, get, put, seg } from '../api.js';
import { button, h, section, table } from '../dom.js';
import { formatDate } from '../format.js';
import { act, empty, fill } from '../states.js';

function progress(b) {
  const done = Math.max(0, b.totalJobs - b.remainingJobs);
  const percent = b.totalJobs ? Math.round((done / b.totalJobs) * 100) : 100;
  return h(
    'div',
    {},
    h(
      'div',
      {
        class: 'progress',
        role: 'progressbar',
        'aria-valuemin': '0',
        'aria-valuemax': '100',
        'aria-valuenow': String(percent),
        'aria-label': `Batch ${b.id} progress`,
      },
      progressBar(percent),
    ),
    h(
      'span',
      { class: 'muted' },
      `${percent}% · ${b.completedJobs} done, ${b.failedJobs} failed, ${b.remainingJobs} remaining of ${b.totalJobs}`,
    ),
  );
}

function progressBar(percent) {
  const bar = h('span');
  // Through the CSSOM: a style attribute in markup would need 'unsafe-inline' for this page's own code.
  bar.style.width = `${percent}%`;
  return bar;
}

export async function render(main) {
  const list = h('div', { id: 'batch-list' });
  const status = h('div', { 'aria-live': 'polite' });
  const load = () =>
    fill(list, async () => {
      const batches = await get('/batch/statistics');
      if (batches.length === 0) return empty('No batches are running.');
      return table(
        ['Type', 'Created', 'By', 'Progress', 'State', ''],
        batches.map((b) =>
          h(
            'tr',
            { dataset: { batch: b.id } },
            h('td', {}, b.type),
            h('td', {}, formatDate(b.startTime)),
            h('td', {}, b.createUserId ?? ''),
            h('td', {}, progress(b)),
            h('td', {}, b.suspended ? 'suspended' : 'active'),
            h(
              'td',
              { class: 'actions' },
              button(
                b.suspended ? 'Activate' : 'Suspend',
                (e) =>
                  act(
                    e.currentTarget,
                    status,
                    async () => (await put(`/batch/${seg(b.id)}/suspended`, { suspended: !b.suspended }), load()),
                  ),
                { class: 'small' },
              ),
              button(
                'Delete',
                (e) => {
                  if (!confirm('Delete this batch and its jobs?')) return;
                  act(
                    e.currentTarget,
                    status,
                    async () => (await del(`/batch/${seg(b.id)}`, { cascade: true }), load()),
                  );
                },
                { class: 'small danger' },
              ),
            ),
          ),
        ),
      );
    });
  main.append(
    h('h1', {}, 'Batches'),
    section(
      'Running batches',
      status,
      h(
        'div',
        { class: 'actions' },
        button('Refresh', () => load(), { class: 'secondary' }),
      ),
      list,
    ),
  );
  await load();
}

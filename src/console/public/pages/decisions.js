import { get } from '../api.js';
import { h, link, section, table } from '../dom.js';
import { empty, fill } from '../states.js';

export async function render(main) {
  const list = h('div');
  main.append(h('h1', {}, 'Decision definitions'), section('Latest versions', list));
  await fill(list, async () => {
    const defs = await get('/decision-definition', { latestVersion: true, sortBy: 'key', sortOrder: 'asc' });
    if (defs.length === 0) return empty('No decisions are deployed (or you may not read any).');
    return table(
      ['Name', 'Key', 'Version', 'Tenant'],
      defs.map((d) =>
        h(
          'tr',
          {},
          h('td', {}, link(`/console/decisions/${encodeURIComponent(d.id)}`, d.name || d.key)),
          h('td', {}, d.key),
          h('td', {}, String(d.version)),
          h('td', {}, d.tenantId ?? ''),
        ),
      ),
    );
  });
}

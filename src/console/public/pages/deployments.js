import { del, get, request, seg } from '../api.js';
import { button, field, h, link, section, table } from '../dom.js';
import { formatDate } from '../format.js';
import { act, empty, fill, notice } from '../states.js';

const ACCEPT = /\.(bpmn|bpmn20\.xml|dmn|dmn11\.xml)$/i;

function uploadForm(onDeployed) {
  const name = h('input', { type: 'text', name: 'deployment-name' });
  const files = h('input', { type: 'file', name: 'data', multiple: true, accept: '.bpmn,.dmn,.xml' });
  const chosen = h('p', { class: 'muted', 'aria-live': 'polite' });
  const status = h('div', { 'aria-live': 'polite' });
  const deploy = h('button', { type: 'submit' }, 'Deploy');
  let dropped = [];
  const selected = () => (dropped.length ? dropped : [...files.files]);
  const showChosen = () =>
    (chosen.textContent = selected().length
      ? `Selected: ${selected()
          .map((f) => f.name)
          .join(', ')}`
      : '');
  files.addEventListener('change', () => {
    dropped = [];
    showChosen();
  });
  const zone = h('div', { class: 'dropzone', id: 'dropzone' }, 'Or drop .bpmn and .dmn files here');
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    dropped = [...e.dataTransfer.files].filter((f) => ACCEPT.test(f.name));
    files.value = '';
    showChosen();
  });
  return h(
    'form',
    {
      onsubmit: (e) => {
        e.preventDefault();
        act(deploy, status, async () => {
          const list = selected();
          if (list.length === 0) throw new Error('Choose at least one .bpmn or .dmn file.');
          const body = new FormData();
          body.append('deployment-name', name.value.trim() || list[0].name.replace(/\.[^.]+$/, ''));
          body.append('deployment-source', 'console');
          for (const f of list) body.append(f.name, f, f.name);
          const created = await request('POST', '/deployment/create', { body });
          dropped = [];
          files.value = '';
          showChosen();
          status.replaceChildren(notice(`Deployed '${created.name}'.`));
          await onDeployed();
        });
      },
    },
    field('Deployment name', name),
    field('Files (.bpmn, .dmn)', files),
    zone,
    chosen,
    status,
    deploy,
  );
}

async function details(deployment) {
  const [resources, processes, decisions] = await Promise.all([
    get(`/deployment/${seg(deployment.id)}/resources`),
    get('/process-definition', { deploymentId: deployment.id }),
    get('/decision-definition', { deploymentId: deployment.id }),
  ]);
  return h(
    'div',
    {},
    h('h3', {}, 'Resources'),
    resources.length
      ? h(
          'ul',
          {},
          resources.map((r) => h('li', {}, r.name)),
        )
      : empty('No resources.'),
    h('h3', {}, 'Definitions'),
    processes.length + decisions.length
      ? h(
          'ul',
          {},
          processes.map((p) =>
            h(
              'li',
              {},
              'Process ',
              link(`/console/definitions/${encodeURIComponent(p.id)}`, `${p.name || p.key} (version ${p.version})`),
            ),
          ),
          decisions.map((d) =>
            h(
              'li',
              {},
              'Decision ',
              link(`/console/decisions/${encodeURIComponent(d.id)}`, `${d.name || d.key} (version ${d.version})`),
            ),
          ),
        )
      : empty('No definitions.'),
  );
}

export async function render(main) {
  const list = h('div', { id: 'deployment-list' });
  const status = h('div', { 'aria-live': 'polite' });
  const load = () =>
    fill(list, async () => {
      const deployments = await get('/deployment', { sortBy: 'deploymentTime', sortOrder: 'desc' });
      if (deployments.length === 0) return empty('No deployments.');
      return table(
        ['Name', 'Deployed', 'Source', 'Tenant', ''],
        deployments.flatMap((d) => {
          const more = h('tr', { hidden: true }, h('td', { colspan: 5 }));
          const toggle = button(
            'Details',
            async (e) => {
              const open = more.hidden;
              more.hidden = !open;
              e.currentTarget.setAttribute('aria-expanded', String(open));
              if (open) await fill(more.firstChild, () => details(d));
            },
            { class: 'small', 'aria-expanded': 'false' },
          );
          const remove = button(
            'Delete',
            (e) => {
              if (!confirm(`Delete deployment '${d.name ?? d.id}' with all its instances?`)) return;
              act(e.currentTarget, status, async () => {
                await del(`/deployment/${seg(d.id)}`, { cascade: true });
                status.replaceChildren(notice(`Deleted '${d.name ?? d.id}'.`));
                await load();
              });
            },
            { class: 'small danger', 'aria-label': `Delete ${d.name ?? d.id}` },
          );
          return [
            h(
              'tr',
              { dataset: { deployment: d.id } },
              h('td', {}, d.name ?? d.id),
              h('td', {}, formatDate(d.deploymentTime)),
              h('td', {}, d.source ?? ''),
              h('td', {}, d.tenantId ?? ''),
              h('td', { class: 'actions' }, toggle, remove),
            ),
            more,
          ];
        }),
      );
    });
  main.append(
    h('h1', {}, 'Deployments'),
    section('Deploy models', uploadForm(load)),
    section('Deployments', status, list),
  );
  await load();
}

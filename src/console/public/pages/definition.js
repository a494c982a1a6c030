import { get, post, seg } from '../api.js';
import { badge, showBpmn } from '../diagram.js';
import { h, link, section, table } from '../dom.js';
import { migrationForm } from '../migration.js';
import { restartForm } from '../restart.js';
import { act, empty, errorView, fill, loading } from '../states.js';
import { suspensionControl } from '../suspension.js';
import { variablesForm } from '../variables.js';

/** Per-activity counts for the overlays: running activity instances and open incidents (Cockpit's badges). */
async function activityCounts(definitionId) {
  const rows = await get(`/process-definition/${seg(definitionId)}/statistics`, { incidents: true });
  const counts = {};
  for (const r of rows)
    counts[r.id] = { instances: r.instances, incidents: r.incidents.reduce((n, i) => n + i.incidentCount, 0) };
  return counts;
}

function overlaysOf(counts) {
  const overlays = {};
  for (const [id, c] of Object.entries(counts)) {
    overlays[id] = [];
    if (c.instances)
      overlays[id].push({
        position: { bottom: 8, left: -8 },
        html: badge(c.instances, 'active', `${c.instances} active`),
      });
    if (c.incidents)
      overlays[id].push({
        position: { bottom: 8, right: 8 },
        html: badge(c.incidents, 'incidents', `${c.incidents} open incidents`),
      });
  }
  return overlays;
}

function startForm(definition, navigate) {
  const businessKey = h('input', { type: 'text', id: 'business-key' });
  const vars = variablesForm();
  const status = h('div', { 'aria-live': 'polite' });
  const start = h('button', { type: 'submit' }, 'Start instance');
  return h(
    'form',
    {
      onsubmit: (event) => {
        event.preventDefault();
        act(start, status, async () => {
          const variables = vars.read();
          const created = await post(`/process-definition/${seg(definition.id)}/start`, {
            variables,
            businessKey: businessKey.value || null,
          });
          navigate(`/instances/${encodeURIComponent(created.id)}`);
        }).catch((err) => status.replaceChildren(errorView(err)));
      },
    },
    h('div', { class: 'field' }, h('label', { for: 'business-key' }, 'Business key (optional)'), businessKey),
    vars.el,
    status,
    start,
  );
}

async function instancesOf(definition) {
  const list = await get('/process-instance', { processDefinitionId: definition.id, maxResults: 50 });
  if (list.length === 0) return empty('No running instances of this version.');
  return table(
    ['Instance', 'Business key', 'State'],
    list.map((p) =>
      h(
        'tr',
        {},
        h('td', {}, link(`/console/instances/${encodeURIComponent(p.id)}`, p.id)),
        h('td', {}, p.businessKey ?? ''),
        h('td', {}, p.suspended ? 'suspended' : 'active'),
      ),
    ),
  );
}

const versionsOf = (definition) =>
  get('/process-definition', {
    key: definition.key,
    sortBy: 'version',
    sortOrder: 'desc',
    ...(definition.tenantId ? { tenantIdIn: definition.tenantId } : { withoutTenantId: true }),
  });

function versionsTable(definition, versions) {
  return table(
    ['Version', 'Deployment', 'Definition id'],
    versions.map((v) =>
      h(
        'tr',
        {},
        h(
          'td',
          {},
          v.id === definition.id
            ? h('strong', {}, `${v.version} (shown)`)
            : link(`/console/definitions/${encodeURIComponent(v.id)}`, String(v.version)),
        ),
        h('td', {}, v.deploymentId),
        h('td', {}, v.id),
      ),
    ),
  );
}

export async function render(main, { id }, { navigate, isCurrent }) {
  const definition = await get(`/process-definition/${seg(id)}`);
  const canvas = h('div', {
    class: 'canvas',
    id: 'diagram',
    role: 'img',
    'aria-label': `Diagram of ${definition.name || definition.key}`,
  });
  const diagramStatus = h('div');
  const instances = h('div');
  const versions = h('div', {}, loading());
  const migration = h('div', { id: 'migration' }, loading());
  const restart = h('div', {}, loading());
  const reload = () => isCurrent() && navigate(`/definitions/${encodeURIComponent(id)}`, { replace: true });
  main.append(
    h('h1', {}, `${definition.name || definition.key} (version ${definition.version})`),
    h(
      'p',
      { class: 'muted', id: 'definition-state' },
      `Key ${definition.key} · id ${definition.id}`,
      definition.suspended ? ' · suspended' : ' · active',
      definition.versionTag ? ` · tag ${definition.versionTag}` : '',
    ),
    suspensionControl('process-definition', id, definition.suspended, reload),
    section('Diagram', diagramStatus, canvas),
    h(
      'div',
      { class: 'columns' },
      section('Start an instance', startForm(definition, navigate)),
      section('Running instances', instances),
    ),
    section('Versions', versions),
    section('Migrate the running instances', migration),
    section('Restart finished instances', restart),
  );
  const diagram = (async () => {
    try {
      const [{ bpmn20Xml }, counts] = await Promise.all([
        get(`/process-definition/${seg(id)}/xml`),
        activityCounts(id),
      ]);
      const viewer = await showBpmn(canvas, bpmn20Xml, { overlays: overlaysOf(counts) });
      await fill(restart, () => restartForm(definition, viewer, reload));
    } catch (err) {
      diagramStatus.replaceChildren(errorView(err));
      restart.replaceChildren(empty('Needs the diagram.'));
    }
  })();
  await Promise.all([
    diagram,
    fill(instances, () => instancesOf(definition)),
    versionsOf(definition).then(
      (list) => {
        versions.replaceChildren(versionsTable(definition, list));
        migration.replaceChildren(migrationForm(definition, list));
      },
      (err) => {
        versions.replaceChildren(errorView(err));
        migration.replaceChildren(errorView(err));
      },
    ),
  ]);
}

import { ApiError, post } from './api.js';
import { h, link, table } from './dom.js';
import { act, empty, notice } from './states.js';

function planTable(plan) {
  if (plan.instructions.length === 0) return empty('No activity of this version has a counterpart in the target.');
  return table(
    ['Source activity', 'Target activity', 'Event trigger'],
    plan.instructions.map((i) =>
      h(
        'tr',
        { dataset: { instruction: i.sourceActivityIds.join(',') } },
        h('td', {}, i.sourceActivityIds.join(', ')),
        h('td', {}, i.targetActivityIds.join(', ')),
        h('td', {}, i.updateEventTrigger ? 'updated' : ''),
      ),
    ),
  );
}

/** Camunda's validation report: failures per instruction and per variable; none means the plan can run. */
function reportView(report) {
  const failures = [
    ...(report.instructionReports ?? []).flatMap((r) =>
      r.failures.map(
        (f) => `${r.instruction.sourceActivityIds.join(', ')} → ${r.instruction.targetActivityIds.join(', ')}: ${f}`,
      ),
    ),
    ...Object.entries(report.variableReports ?? {}).flatMap(([name, r]) =>
      r.failures.map((f) => `Variable ${name}: ${f}`),
    ),
  ];
  if (failures.length === 0) return [notice('The plan is valid.'), true];
  return [
    h(
      'ul',
      { class: 'state error', role: 'alert' },
      failures.map((f) => h('li', {}, f)),
    ),
    false,
  ];
}

/**
 * Migrates the running instances of `definition` to another version of its process: generate the plan for the
 * chosen version, show it with its validation report, and run it as a batch (followed on the batches page).
 */
export function migrationForm(definition, versions) {
  const targets = versions.filter((v) => v.id !== definition.id);
  if (targets.length === 0) return empty('There is no other version to migrate to.');
  const target = h(
    'select',
    { id: 'migration-target' },
    targets.map((v) => h('option', { value: v.id }, `version ${v.version}`)),
  );
  const updateTriggers = h('input', { type: 'checkbox', id: 'update-triggers' });
  const status = h('div', { 'aria-live': 'polite' });
  const result = h('div', { id: 'migration-plan' });
  const generate = h('button', { type: 'submit' }, 'Generate plan');
  const form = h(
    'form',
    {
      onsubmit: (e) => {
        e.preventDefault();
        result.replaceChildren();
        act(generate, status, async () => {
          let plan;
          try {
            plan = await post('/migration/generate', {
              sourceProcessDefinitionId: definition.id,
              targetProcessDefinitionId: target.value,
              updateEventTriggers: updateTriggers.checked,
            });
          } catch (err) {
            // A plan the engine cannot build at all comes back as a MigrationPlanValidationException with its report.
            const refused = err instanceof ApiError && err.body?.validationReport;
            if (!refused) throw err;
            result.replaceChildren(reportView(err.body.validationReport)[0]);
            return;
          }
          const [report, valid] = reportView(await post('/migration/validate', plan));
          result.replaceChildren(planTable(plan), report, valid ? executeButton(plan) : null);
        });
      },
    },
    h(
      'div',
      { class: 'row' },
      h('div', { class: 'field' }, h('label', { for: 'migration-target' }, 'Target version'), target),
      h('label', { for: 'update-triggers' }, updateTriggers, ' update event triggers'),
      generate,
    ),
  );
  function executeButton(plan) {
    const outcome = h('div', { 'aria-live': 'polite' });
    const run = h('button', { type: 'button' }, 'Migrate all running instances');
    run.addEventListener('click', () =>
      act(run, outcome, async () => {
        const batch = await post('/migration/executeAsync', {
          migrationPlan: plan,
          processInstanceQuery: { processDefinitionId: definition.id },
        });
        run.remove();
        outcome.replaceChildren(
          notice(`Migration batch ${batch.id} started with ${batch.totalJobs} jobs. `),
          link('/console/batches', 'Follow it on the batches page'),
        );
      }),
    );
    return h('div', {}, run, outcome);
  }
  return h('div', {}, form, status, result);
}

import { get, post, seg } from '../api.js';
import { showDmn } from '../diagram.js';
import { h, section, table } from '../dom.js';
import { formatDate, formatValue } from '../format.js';
import { act, empty, errorView, fill } from '../states.js';
import { variablesForm } from '../variables.js';

const TYPE_OF = {
  string: 'String',
  integer: 'Integer',
  long: 'Long',
  double: 'Double',
  boolean: 'Boolean',
  date: 'Date',
};

/** The decision table's inputs whose expression is a plain name, as rows of the evaluation form. */
function inputRows(viewer, decisionKey) {
  const decision = viewer?.getDefinitions?.()?.drgElement?.find((e) => e.id === decisionKey);
  const inputs = decision?.decisionLogic?.input ?? [];
  return inputs
    .map((i) => ({
      name: i.inputExpression?.text?.trim() ?? '',
      type: TYPE_OF[i.inputExpression?.typeRef?.toLowerCase()] ?? 'String',
      value: '',
    }))
    .filter((r) => /^[A-Za-z_][\w]*$/.test(r.name));
}

function resultTable(result) {
  if (result.length === 0) return empty('No rule matched.');
  const names = [...new Set(result.flatMap((r) => Object.keys(r)))];
  return table(
    names,
    result.map((r) =>
      h(
        'tr',
        {},
        names.map((n) => h('td', {}, r[n] ? formatValue(r[n]) : '')),
      ),
    ),
    { caption: 'Result' },
  );
}

function evaluateForm(definition, rows) {
  const vars = variablesForm(rows);
  const status = h('div', { 'aria-live': 'polite' });
  const output = h('div', { id: 'evaluation-result', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit' }, 'Evaluate');
  return h(
    'form',
    {
      onsubmit: (e) => {
        e.preventDefault();
        act(submit, status, async () => {
          const result = await post(`/decision-definition/${seg(definition.id)}/evaluate`, { variables: vars.read() });
          output.replaceChildren(resultTable(result));
        }).catch((err) => status.replaceChildren(errorView(err)));
      },
    },
    vars.el,
    submit,
    status,
    output,
  );
}

function values(list, nameKey) {
  return h(
    'ul',
    {},
    (list ?? []).map((v) => h('li', {}, `${v[nameKey] || v.clauseId || ''} = ${formatValue(v)}`)),
  );
}

async function history(definitionId) {
  const list = await get('/history/decision-instance', {
    decisionDefinitionId: definitionId,
    includeInputs: true,
    includeOutputs: true,
    sortBy: 'evaluationTime',
    sortOrder: 'desc',
    maxResults: 50,
  });
  if (list.length === 0) return empty('No evaluations yet (or the history level records none).');
  return table(
    ['Evaluated', 'Inputs', 'Outputs', 'Process instance'],
    list.map((d) =>
      h(
        'tr',
        {},
        h('td', {}, formatDate(d.evaluationTime)),
        h('td', {}, values(d.inputs, 'clauseName')),
        h('td', {}, values(d.outputs, 'variableName')),
        h('td', {}, d.processInstanceId ?? ''),
      ),
    ),
  );
}

export async function render(main, { id }) {
  const definition = await get(`/decision-definition/${seg(id)}`);
  const canvas = h('div', { class: 'dmn-canvas', id: 'dmn' });
  const viewerStatus = h('div');
  const evaluate = h('div');
  const hist = h('div');
  main.append(
    h('h1', {}, `${definition.name || definition.key} (version ${definition.version})`),
    h('p', { class: 'muted' }, `Key ${definition.key} · id ${definition.id}`),
    section('Decision', viewerStatus, canvas),
    section('Evaluate', evaluate),
    section('History', hist),
  );
  let viewer = null;
  try {
    const { dmnXml } = await get(`/decision-definition/${seg(id)}/xml`);
    viewer = await showDmn(canvas, dmnXml, definition.key);
  } catch (err) {
    viewerStatus.replaceChildren(errorView(err));
  }
  evaluate.append(evaluateForm(definition, inputRows(viewer, definition.key)));
  await fill(hist, () => history(id));
}

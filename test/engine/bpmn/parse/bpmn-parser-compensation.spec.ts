import { parseBpmn } from '../../../../src/engine/bpmn/parse/bpmn-parser';
import { parseFailure, processXml } from './bpmn-fixtures';

const START = '<bpmn:startEvent id="s" />';
const COMP = (attrs = '') => `<bpmn:compensateEventDefinition ${attrs} />`;
const CANCEL = '<bpmn:cancelEventDefinition />';
/** A task `a` with its compensation boundary event `cb` and handler `h`. */
const COMPENSABLE = (a = 'a', handler = `<bpmn:task id="h${a}" isForCompensation="true" />`) =>
  `<bpmn:task id="${a}" /><bpmn:boundaryEvent id="cb${a}" attachedToRef="${a}">${COMP()}</bpmn:boundaryEvent>${handler}<bpmn:association id="as${a}" sourceRef="cb${a}" targetRef="h${a}" />`;
const TX = (inner: string, id = 'tx') =>
  `<bpmn:transaction id="${id}"><bpmn:startEvent id="${id}s" />${inner}</bpmn:transaction>`;
const CANCEL_BOUNDARY = (id = 'cx', on = 'tx') =>
  `<bpmn:boundaryEvent id="${id}" attachedToRef="${on}">${CANCEL}</bpmn:boundaryEvent>`;

describe('parseBpmn: compensation and transactions', () => {
  it.each<[string, string, string, string]>([
    // name, process body, node id, Camunda's activity type
    ['compensation boundary event', `${START}${COMPENSABLE()}`, 'cba', 'compensationBoundaryCatch'],
    [
      'intermediate compensate throw',
      `${START}${COMPENSABLE()}<bpmn:intermediateThrowEvent id="t">${COMP()}</bpmn:intermediateThrowEvent>`,
      't',
      'intermediateCompensationThrowEvent',
    ],
    [
      'throw with activityRef',
      `${START}${COMPENSABLE()}<bpmn:intermediateThrowEvent id="t">${COMP('activityRef="a"')}</bpmn:intermediateThrowEvent>`,
      't',
      'intermediateCompensationThrowEvent',
    ],
    [
      'compensate end event',
      `${START}${COMPENSABLE()}<bpmn:endEvent id="t">${COMP()}</bpmn:endEvent>`,
      't',
      'compensationEndEvent',
    ],
    ['transaction', `${START}${TX('')}`, 'tx', 'transaction'],
    [
      'cancel end event in a transaction',
      `${START}${TX(`<bpmn:endEvent id="t">${CANCEL}</bpmn:endEvent>`)}${CANCEL_BOUNDARY()}`,
      't',
      'cancelEndEvent',
    ],
    ['cancel boundary event on a transaction', `${START}${TX('')}${CANCEL_BOUNDARY('t')}`, 't', 'cancelBoundaryCatch'],
    [
      'a user task as handler inside a sub-process',
      `${START}<bpmn:subProcess id="sp"><bpmn:startEvent id="ss" />${COMPENSABLE('a', '<bpmn:userTask id="ha" isForCompensation="true" />')}</bpmn:subProcess>`,
      'ha',
      'userTask',
    ],
    [
      'a throw in an event sub-process with activityRef naming an activity of the scope around it',
      `${START}${COMPENSABLE()}<bpmn:subProcess id="e" triggeredByEvent="true"><bpmn:startEvent id="es"><bpmn:errorEventDefinition /></bpmn:startEvent><bpmn:intermediateThrowEvent id="t">${COMP('activityRef="a"')}</bpmn:intermediateThrowEvent></bpmn:subProcess>`,
      't',
      'intermediateCompensationThrowEvent',
    ],
  ])('accepts %s', async (_name, body, id, activityType) => {
    const model = await parseBpmn(processXml(body), 'ok.bpmn');
    expect(model.processes[0].elements.get(id)!.activityType).toBe(activityType);
  });

  it('accepts a compensation event sub-process as the handler of its sub-process', async () => {
    const body = `${START}<bpmn:subProcess id="sp"><bpmn:startEvent id="ss" /><bpmn:subProcess id="e" triggeredByEvent="true"><bpmn:startEvent id="t">${COMP()}</bpmn:startEvent></bpmn:subProcess></bpmn:subProcess>`;
    const graph = (await parseBpmn(processXml(body), 'ok.bpmn')).processes[0];
    expect(graph.elements.get('t')!.activityType).toBe('compensationStartEvent');
    expect(graph.compensationHandlers.get('sp')).toBe('e');
  });

  it('links each compensable activity to its handler and reads activityRef', async () => {
    const body = `${START}${COMPENSABLE('a')}${COMPENSABLE('b')}<bpmn:intermediateThrowEvent id="t">${COMP('activityRef="b"')}</bpmn:intermediateThrowEvent>`;
    const graph = (await parseBpmn(processXml(body), 'ok.bpmn')).processes[0];
    expect([...graph.compensationHandlers]).toEqual([
      ['a', 'ha'],
      ['b', 'hb'],
    ]);
    expect(graph.elements.get('t')).toMatchObject({ eventDefinition: { kind: 'compensate', activityRef: 'b' } });
    expect(graph.elements.get('ha')).toMatchObject({ isForCompensation: true });
  });

  it('accepts waitForCompletion="false" with a warning: the throw always waits, as in Camunda', async () => {
    const model = await parseBpmn(
      processXml(
        `${START}<bpmn:intermediateThrowEvent id="t">${COMP('waitForCompletion="false"')}</bpmn:intermediateThrowEvent>`,
      ),
      'ok.bpmn',
    );
    expect(model.warnings.map((w) => w.message).join()).toContain("'waitForCompletion=false' is not supported");
  });

  it.each<[string, string, string, string]>([
    // name, process body, expected message fragment, element reported
    [
      'a boundary event associated with nothing',
      `${START}<bpmn:task id="a" /><bpmn:boundaryEvent id="t" attachedToRef="a">${COMP()}</bpmn:boundaryEvent>`,
      'must be associated with exactly one compensation handler (found 0)',
      't',
    ],
    [
      'a handler without isForCompensation',
      `${START}<bpmn:task id="a" /><bpmn:boundaryEvent id="t" attachedToRef="a">${COMP()}</bpmn:boundaryEvent><bpmn:task id="h" /><bpmn:association id="x" sourceRef="t" targetRef="h" />`,
      'Compensation boundary catch must be connected to element with isForCompensation=true',
      't',
    ],
    [
      'an outgoing flow from the compensation boundary event',
      `${START}${COMPENSABLE()}<bpmn:endEvent id="e" /><bpmn:sequenceFlow id="f" sourceRef="cba" targetRef="e" />`,
      'Invalid outgoing sequence flow of compensation boundary event',
      'cba',
    ],
    [
      'an incoming flow into a handler',
      `${START}${COMPENSABLE()}<bpmn:sequenceFlow id="f" sourceRef="s" targetRef="ha" />`,
      'Invalid incoming sequence flow for compensation activity',
      'ha',
    ],
    [
      'an outgoing flow from a handler',
      `${START}${COMPENSABLE()}<bpmn:endEvent id="e" /><bpmn:sequenceFlow id="f" sourceRef="ha" targetRef="e" />`,
      'Invalid outgoing sequence flow of compensation activity',
      'ha',
    ],
    [
      'activityRef naming an activity of another scope',
      `${START}<bpmn:subProcess id="sp"><bpmn:startEvent id="ss" />${COMPENSABLE()}</bpmn:subProcess><bpmn:intermediateThrowEvent id="t">${COMP('activityRef="a"')}</bpmn:intermediateThrowEvent>`,
      "Invalid attribute value for 'activityRef': no activity with id 'a' in scope",
      't',
    ],
    [
      'a cancel end event outside a transaction',
      `${START}<bpmn:endEvent id="t">${CANCEL}</bpmn:endEvent>`,
      'End event with cancelEventDefinition only supported inside transaction subprocess',
      't',
    ],
    [
      'a cancel end event in a transaction without cancel boundary',
      `${START}${TX(`<bpmn:endEvent id="t">${CANCEL}</bpmn:endEvent>`)}`,
      'needs a cancel boundary event on its transaction',
      't',
    ],
    [
      'a cancel boundary event on a sub-process',
      `${START}<bpmn:subProcess id="sp"><bpmn:startEvent id="ss" /></bpmn:subProcess>${CANCEL_BOUNDARY('t', 'sp')}`,
      'Boundary event with cancelEventDefinition only supported on transaction subprocesses',
      't',
    ],
    [
      'two cancel boundary events on one transaction',
      `${START}${TX('')}${CANCEL_BOUNDARY('c1')}${CANCEL_BOUNDARY('t')}`,
      'Multiple boundary events with cancelEventDefinition not supported on same transaction subprocess',
      't',
    ],
    [
      'a compensation start event at process level',
      `<bpmn:startEvent id="t">${COMP()}</bpmn:startEvent>`,
      "Compensation start event 't' is only allowed in an event sub-process",
      't',
    ],
    [
      'a compensation event sub-process of the process',
      `${START}<bpmn:subProcess id="e" triggeredByEvent="true"><bpmn:startEvent id="t">${COMP()}</bpmn:startEvent></bpmn:subProcess>`,
      'A compensation start event is only supported in an event sub-process of an embedded sub-process',
      't',
    ],
  ])('refuses %s', async (_name, body, message, elementId) => {
    const err = await parseFailure(processXml(body));
    expect(err.type).toBe('ParseException');
    expect(err.message).toContain(message);
    const errors = err.details['test.bpmn'].errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ mainElementId: elementId, elementIds: [elementId] });
    expect(errors[0].line).toBeGreaterThanOrEqual(4);
  });
});

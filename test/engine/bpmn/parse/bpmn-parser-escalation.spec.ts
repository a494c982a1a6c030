import { parseBpmn } from '../../../../src/engine/bpmn/parse/bpmn-parser';
import { parseFailure, processXml } from './bpmn-fixtures';

const START = '<bpmn:startEvent id="s" />';
const ESCALATIONS =
  '<bpmn:escalation id="late" escalationCode="LATE" /><bpmn:escalation id="other" escalationCode="OTHER" /><bpmn:escalation id="noCode" />';
const DEF = (attrs = '') => `<bpmn:escalationEventDefinition ${attrs} />`;
const SUB = (id = 'sp', inner = '<bpmn:startEvent id="ss" />') =>
  `<bpmn:subProcess id="${id}">${inner}</bpmn:subProcess>`;
const BOUNDARY = (id: string, attrs: string, on = 'sp', cancel = '') =>
  `<bpmn:boundaryEvent id="${id}" attachedToRef="${on}" ${cancel}>${DEF(attrs)}</bpmn:boundaryEvent>`;
const ESP = (id: string, startId: string, attrs: string, interrupting = true) =>
  `<bpmn:subProcess id="${id}" triggeredByEvent="true"><bpmn:startEvent id="${startId}" isInterrupting="${interrupting}">${DEF(attrs)}</bpmn:startEvent></bpmn:subProcess>`;

describe('parseBpmn: escalation events', () => {
  it.each<[string, string, string, string, string | null]>([
    // name, process body, node id, Camunda's activity type, escalation code read
    [
      'intermediate throw',
      `${START}<bpmn:intermediateThrowEvent id="t">${DEF('escalationRef="late"')}</bpmn:intermediateThrowEvent>`,
      't',
      'intermediateEscalationThrowEvent',
      'LATE',
    ],
    [
      'end event',
      `${START}<bpmn:endEvent id="t">${DEF('escalationRef="late"')}</bpmn:endEvent>`,
      't',
      'escalationEndEvent',
      'LATE',
    ],
    [
      'interrupting boundary on a sub-process',
      `${START}${SUB()}${BOUNDARY('t', 'escalationRef="late"')}`,
      't',
      'boundaryEscalation',
      'LATE',
    ],
    [
      'non-interrupting boundary on a call activity',
      `${START}<bpmn:callActivity id="c" calledElement="x" />${BOUNDARY('t', 'escalationRef="late"', 'c', 'cancelActivity="false"')}`,
      't',
      'boundaryEscalation',
      'LATE',
    ],
    [
      'boundary on a user task',
      `${START}<bpmn:userTask id="u" />${BOUNDARY('t', 'escalationRef="late"', 'u')}`,
      't',
      'boundaryEscalation',
      'LATE',
    ],
    [
      'catch-all boundary without escalationRef',
      `${START}${SUB()}${BOUNDARY('t', '')}`,
      't',
      'boundaryEscalation',
      null,
    ],
    [
      'boundary on an escalation without code catches all',
      `${START}${SUB()}${BOUNDARY('t', 'escalationRef="noCode"')}`,
      't',
      'boundaryEscalation',
      null,
    ],
    [
      'interrupting event sub-process start',
      `${START}${ESP('e', 't', 'escalationRef="late"')}`,
      't',
      'escalationStartEvent',
      'LATE',
    ],
    [
      'non-interrupting event sub-process start',
      `${START}${ESP('e', 't', '', false)}`,
      't',
      'escalationStartEvent',
      null,
    ],
    [
      'boundary events with different codes',
      `${START}${SUB()}${BOUNDARY('b', 'escalationRef="other"')}${BOUNDARY('t', 'escalationRef="late"')}`,
      't',
      'boundaryEscalation',
      'LATE',
    ],
    [
      'a boundary event and an event sub-process of the sub-process, both catch-all',
      `${START}${SUB('sp', `<bpmn:startEvent id="ss" />${ESP('e', 'es', '')}`)}${BOUNDARY('t', '')}`,
      't',
      'boundaryEscalation',
      null,
    ],
  ])('accepts %s', async (_name, body, id, activityType, code) => {
    const model = await parseBpmn(processXml(body, ESCALATIONS), 'ok.bpmn');
    const node = model.processes[0].elements.get(id)!;
    expect(node.activityType).toBe(activityType);
    expect('eventDefinition' in node && node.eventDefinition).toMatchObject({
      kind: 'escalation',
      escalationCode: code,
    });
  });

  it('reads camunda:escalationCodeVariable', async () => {
    const model = await parseBpmn(
      processXml(`${START}${SUB()}${BOUNDARY('t', 'camunda:escalationCodeVariable="code"')}`, ESCALATIONS),
      'ok.bpmn',
    );
    expect(model.processes[0].elements.get('t')).toMatchObject({
      cancelActivity: true,
      eventDefinition: { escalationCodeVariable: 'code', escalationId: null },
    });
  });

  it.each<[string, string, string, string]>([
    // name, process body, expected message fragment, element reported
    [
      'boundary on a plain task',
      `${START}<bpmn:task id="a" />${BOUNDARY('t', 'escalationRef="late"', 'a')}`,
      'An escalation boundary event should only be attached to a subprocess, a call activity or an user task',
      't',
    ],
    [
      'escalationRef naming nothing',
      `${START}${SUB()}${BOUNDARY('t', 'escalationRef="nope"')}`,
      "could not find escalation with id 'nope'",
      't',
    ],
    [
      'throw without escalationRef',
      `${START}<bpmn:intermediateThrowEvent id="t">${DEF()}</bpmn:intermediateThrowEvent>`,
      "does not have required attribute 'escalationRef'",
      't',
    ],
    [
      'end event without escalationRef',
      `${START}<bpmn:endEvent id="t">${DEF()}</bpmn:endEvent>`,
      "does not have required attribute 'escalationRef'",
      't',
    ],
    [
      'throw of an escalation without code',
      `${START}<bpmn:intermediateThrowEvent id="t">${DEF('escalationRef="noCode"')}</bpmn:intermediateThrowEvent>`,
      "throwing escalation event 't' must have an 'escalationCode'",
      't',
    ],
    [
      'end event of an escalation without code',
      `${START}<bpmn:endEvent id="t">${DEF('escalationRef="noCode"')}</bpmn:endEvent>`,
      "escalation end event 't' must have an 'escalationCode'",
      't',
    ],
    [
      'two boundary events with one code',
      `${START}${SUB()}${BOUNDARY('b', 'escalationRef="late"')}${BOUNDARY('t', 'escalationRef="late"', 'sp', 'cancelActivity="false"')}`,
      "multiple escalation boundary events with the same escalationCode 'LATE' are not supported on same scope",
      't',
    ],
    [
      'two catch-all boundary events',
      `${START}${SUB()}${BOUNDARY('b', '')}${BOUNDARY('t', 'escalationRef="noCode"')}`,
      'The same scope can not contains more than one escalation boundary event without escalation code',
      't',
    ],
    [
      'a catch-all boundary event beside one with code',
      `${START}${SUB()}${BOUNDARY('b', 'escalationRef="late"')}${BOUNDARY('t', '')}`,
      'The same scope can not contains an escalation boundary event without escalation code and another one with escalation code',
      't',
    ],
    [
      'two event sub-processes with one code',
      `${START}${ESP('e1', 'b', 'escalationRef="late"')}${ESP('e2', 't', 'escalationRef="late"', false)}`,
      "multiple escalation event subprocesses with the same escalationCode 'LATE' are not supported on same scope",
      't',
    ],
    [
      'two catch-all event sub-processes',
      `${START}${ESP('e1', 'b', '')}${ESP('e2', 't', '', false)}`,
      'The same scope can not contains more than one escalation event subprocess without escalation code',
      't',
    ],
    [
      'a catch-all event sub-process beside one with code',
      `${START}${ESP('e1', 'b', 'escalationRef="other"')}${ESP('e2', 't', '')}`,
      'The same scope can not contains an escalation event subprocess without escalation code and another one with escalation code',
      't',
    ],
    [
      'escalation start at process level',
      `<bpmn:startEvent id="t">${DEF('escalationRef="late"')}</bpmn:startEvent>`,
      "Escalation start event 't' is only allowed in an event sub-process",
      't',
    ],
    [
      'escalation start in an embedded sub-process',
      `${START}${SUB('sp', `<bpmn:startEvent id="t">${DEF('escalationRef="late"')}</bpmn:startEvent>`)}`,
      "Start event 't' of embedded sub-process 'sp' must be a none start event",
      't',
    ],
    [
      'escalation intermediate catch event',
      `${START}<bpmn:intermediateCatchEvent id="t">${DEF('escalationRef="late"')}</bpmn:intermediateCatchEvent>`,
      "Unsupported event definition 'escalationEventDefinition' on intermediateCatchEvent 't'",
      't',
    ],
  ])('refuses %s', async (_name, body, message, elementId) => {
    const err = await parseFailure(processXml(body, ESCALATIONS));
    expect(err.type).toBe('ParseException');
    expect(err.message).toContain(message);
    const errors = err.details['test.bpmn'].errors;
    // one mistake, one message, at the element's line
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ mainElementId: elementId, elementIds: [elementId] });
    expect(errors[0].line).toBeGreaterThanOrEqual(4);
  });
});

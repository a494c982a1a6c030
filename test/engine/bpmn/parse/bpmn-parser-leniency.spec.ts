import { parseBpmn } from '../../../../src/engine/bpmn/parse/bpmn-parser';
import { ProcessGraph } from '../../../../src/engine/bpmn/model';
import { node, parseFailure, processXml } from './bpmn-fixtures';

// What Camunda 7's BpmnParse accepts is accepted here, and what it refuses is refused, with the element and line.

const DEFS = (targetNamespace: string, extra = '') =>
  `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" ${extra} id="D" targetNamespace="${targetNamespace}"`;

/** A document with `rootElements` before one executable process `p` holding `body`. */
function model(
  body: string,
  rootElements = '',
  definitions = DEFS('urn:booking', 'xmlns:tns="urn:booking" xmlns:other="urn:other"'),
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${definitions}>
${rootElements}
<bpmn:process id="p" isExecutable="true">
${body}
</bpmn:process>
</bpmn:definitions>`;
}

async function onlyGraph(xml: string): Promise<ProcessGraph> {
  const result = await parseBpmn(xml, 'lenient.bpmn');
  expect(result.processes).toHaveLength(1);
  return result.processes[0];
}

const START = '<bpmn:startEvent id="s" />';
const END = '<bpmn:endEvent id="e" />';

describe('parseBpmn: accepted as Camunda accepts it', () => {
  it('reads ids with whitespace around them (id="flow4 ") without it, as the schema collapses an xsd:ID, and locates them', async () => {
    const xml = model(
      `${START}<bpmn:userTask id=" task" />${END}
      <bpmn:sequenceFlow id="flow4 " sourceRef="s" targetRef="task" />
      <bpmn:sequenceFlow id="flow5" sourceRef="task" targetRef="e" />`,
    );
    const graph = await onlyGraph(xml);
    expect(node(graph, 'task', 'userTask').outgoing).toEqual(['flow5']);
    expect(node(graph, 'task', 'userTask').incoming).toEqual(['flow4']);
  });

  it('gives sequence flows without id a generated id from their ends, unique in the document and the same for the same XML', async () => {
    const xml = model(
      `${START}<bpmn:parallelGateway id="g" />${END}
      <bpmn:sequenceFlow sourceRef="s" targetRef="g" />
      <bpmn:sequenceFlow sourceRef="g" targetRef="e" />
      <bpmn:sequenceFlow sourceRef="g" targetRef="e" />
      <bpmn:sequenceFlow id="" sourceRef="g" targetRef="e" />`,
      // an element of another kind already uses the first id a flow g -> e would get
      '<bpmn:message id="sequenceFlow_g_e" name="taken" />',
    );
    const graph = await onlyGraph(xml);
    expect([...graph.sequenceFlows.keys()]).toEqual([
      'sequenceFlow_s_g',
      'sequenceFlow_g_e_2',
      'sequenceFlow_g_e_3',
      'sequenceFlow_g_e_4',
    ]);
    expect(graph.elements.get('g')).toMatchObject({
      incoming: ['sequenceFlow_s_g'],
      outgoing: ['sequenceFlow_g_e_2', 'sequenceFlow_g_e_3', 'sequenceFlow_g_e_4'],
    });
    expect(graph.sequenceFlows.get('sequenceFlow_s_g')).toMatchObject({ sourceId: 's', targetId: 'g', scopeId: 'p' });
    expect([...(await onlyGraph(xml)).sequenceFlows.keys()]).toEqual([...graph.sequenceFlows.keys()]);
  });

  it('generates ids for flows inside sub-processes too, beside flows that have one', async () => {
    const graph = await onlyGraph(
      model(`${START}<bpmn:subProcess id="sub"><bpmn:startEvent id="in" /><bpmn:endEvent id="out" /><bpmn:sequenceFlow sourceRef="in" targetRef="out" /></bpmn:subProcess>${END}
        <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="sub" /><bpmn:sequenceFlow sourceRef="sub" targetRef="e" />`),
    );
    expect(graph.sequenceFlows.get('sequenceFlow_in_out')).toMatchObject({ scopeId: 'sub' });
    expect(graph.scopes.get('sub')!.sequenceFlowIds).toEqual(['sequenceFlow_in_out']);
    expect(graph.scopes.get('p')!.sequenceFlowIds).toEqual(['f1', 'sequenceFlow_sub_e']);
  });

  it('keeps a conditional id-less flow out of an exclusive gateway as a condition', async () => {
    const graph = await onlyGraph(
      model(`${START}<bpmn:exclusiveGateway id="g" default="toB" /><bpmn:task id="a" /><bpmn:task id="b" />
        <bpmn:sequenceFlow id="in" sourceRef="s" targetRef="g" />
        <bpmn:sequenceFlow sourceRef="g" targetRef="a"><bpmn:conditionExpression>\${x > 1}</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="toB" sourceRef="g" targetRef="b" />`),
    );
    expect(graph.sequenceFlows.get('sequenceFlow_g_a')!.condition?.text).toBe('${x > 1}');
  });

  it.each<[string, string, string, string | null]>([
    // name, process body, element whose error definition is read, expected error code
    [
      'a boundary event',
      `${START}<bpmn:task id="t" /><bpmn:boundaryEvent id="b" attachedToRef="t"><bpmn:errorEventDefinition errorRef="BOOM" /></bpmn:boundaryEvent>`,
      'b',
      'BOOM',
    ],
    [
      'an error end event',
      `${START}<bpmn:endEvent id="b"><bpmn:errorEventDefinition errorRef="OUT_OF_STOCK" /></bpmn:endEvent>`,
      'b',
      'OUT_OF_STOCK',
    ],
    [
      'an error start event of an event sub-process',
      `${START}<bpmn:subProcess id="esp" triggeredByEvent="true"><bpmn:startEvent id="b"><bpmn:errorEventDefinition errorRef="E-42" /></bpmn:startEvent></bpmn:subProcess>`,
      'b',
      'E-42',
    ],
    // a declared error still gives its errorCode, and a prefixed errorRef is a plain id that matches no error
    [
      'a declared error',
      `${START}<bpmn:endEvent id="b"><bpmn:errorEventDefinition errorRef="declared" /></bpmn:endEvent>`,
      'b',
      'DECLARED_CODE',
    ],
    [
      'a prefixed errorRef',
      `${START}<bpmn:endEvent id="b"><bpmn:errorEventDefinition errorRef="tns:declared" /></bpmn:endEvent>`,
      'b',
      'tns:declared',
    ],
  ])('takes an errorRef naming no declared error as the error code: %s', async (_name, body, id, code) => {
    const graph = await onlyGraph(model(body, '<bpmn:error id="declared" errorCode="DECLARED_CODE" />'));
    const found = graph.elements.get(id) as { eventDefinition: { kind: string; errorCode: string | null } };
    expect(found.eventDefinition).toMatchObject({ kind: 'error', errorCode: code });
  });

  it('takes an undeclared errorRef of a camunda:errorEventDefinition on an external task as the error code', async () => {
    const graph = await onlyGraph(
      model(`${START}<bpmn:serviceTask id="t" camunda:type="external" camunda:topic="x"><bpmn:extensionElements>
        <camunda:errorEventDefinition id="map" errorRef="FAILED" expression="\${true}" /></bpmn:extensionElements></bpmn:serviceTask>`),
    );
    expect(node(graph, 't', 'serviceTask').externalTask!.errorEventDefinitions[0]).toMatchObject({
      id: 'map',
      errorCode: 'FAILED',
    });
  });

  it('resolves messageRef and signalRef with a prefix standing for the target namespace', async () => {
    const graph = await onlyGraph(
      model(
        `<bpmn:startEvent id="s"><bpmn:messageEventDefinition messageRef="tns:newBooking" /></bpmn:startEvent>
        <bpmn:receiveTask id="r" messageRef="tns:confirm" />
        <bpmn:intermediateCatchEvent id="c"><bpmn:signalEventDefinition signalRef="tns:alarm" /></bpmn:intermediateCatchEvent>`,
        '<bpmn:message id="newBooking" name="booking-new" /><bpmn:message id="confirm" name="booking-confirmed" /><bpmn:signal id="alarm" name="fire" />',
      ),
    );
    expect(node(graph, 's', 'startEvent').eventDefinition).toMatchObject({ kind: 'message', messageId: 'newBooking' });
    expect((node(graph, 's', 'startEvent').eventDefinition as { messageName: { text: string } }).messageName.text).toBe(
      'booking-new',
    );
    expect(node(graph, 'r', 'receiveTask').message?.messageId).toBe('confirm');
    expect(node(graph, 'c', 'intermediateCatchEvent').eventDefinition).toMatchObject({
      kind: 'signal',
      signalId: 'alarm',
    });
  });

  it('reads attributes with white space around "=", leaving "=" inside values, comments and CDATA alone', async () => {
    const xml = model(
      `<bpmn:startEvent id = "s" name= "a = b" />
      <!-- <bpmn:task id = "commented" /> -->
      <bpmn:sequenceFlow id ="f" sourceRef	=	's'
        targetRef
        =
        "g"><bpmn:conditionExpression><![CDATA[\${x == 1}]]></bpmn:conditionExpression></bpmn:sequenceFlow>
      <bpmn:exclusiveGateway id="g" camunda:asyncBefore = "true" />`,
    ).replace('isExecutable="true"', 'isExecutable = "true"');
    const graph = await onlyGraph(xml);
    expect(graph.elements.get('s')).toMatchObject({ name: 'a = b' });
    expect(graph.elements.get('g')).toMatchObject({ async: expect.objectContaining({ asyncBefore: true }) });
    expect(graph.sequenceFlows.get('f')).toMatchObject({ sourceId: 's', targetId: 'g' });
    expect(graph.sequenceFlows.get('f')!.condition?.text).toBe('${x == 1}');
    expect(graph.elements.has('commented')).toBe(false);
  });
});

describe('parseBpmn: refused as Camunda refuses it, naming the element and its line', () => {
  it.each<[string, string, string, string | null, number | null]>([
    // name, document, message fragment, element reported, line
    [
      'an id-less flow leaving an asyncAfter activity',
      model(`${START}<bpmn:task id="t" camunda:asyncAfter="true" />${END}
<bpmn:sequenceFlow id="f" sourceRef="s" targetRef="t" />
<bpmn:sequenceFlow sourceRef="t" targetRef="e" />`),
      "Sequence flow with sourceRef='t' must have an id, activity with id 't' uses 'asyncAfter'.",
      't',
      5,
    ],
    [
      'an id-less flow with an unknown target',
      model(`${START}
<bpmn:sequenceFlow sourceRef="s" targetRef="nowhere" />`),
      "Invalid destination 'nowhere' of sequence flow 'sequenceFlow_s_'",
      'sequenceFlow_s_',
      6,
    ],
    [
      'a messageRef whose prefix is another namespace',
      model(
        '<bpmn:startEvent id="s"><bpmn:messageEventDefinition messageRef="other:m" /></bpmn:startEvent>',
        '<bpmn:message id="m" name="x" />',
      ),
      "Invalid reference 'other:m' in attribute 'messageRef' of 's'",
      's',
      5,
    ],
    [
      'a messageRef with an undeclared prefix',
      model(
        '<bpmn:startEvent id="s"><bpmn:messageEventDefinition messageRef="nope:m" /></bpmn:startEvent>',
        '<bpmn:message id="m" name="x" />',
      ),
      "Invalid reference 'nope:m' in attribute 'messageRef' of 's'",
      's',
      5,
    ],
    [
      'a signalRef naming no signal',
      model(
        `${START}<bpmn:intermediateCatchEvent id="c"><bpmn:signalEventDefinition signalRef="tns:gone" /></bpmn:intermediateCatchEvent>`,
      ),
      "Invalid reference 'tns:gone' in attribute 'signalRef' of 'c'",
      'c',
      5,
    ],
    [
      'a prefixed sourceRef (only messages and signals are QNames)',
      model(`${START}${END}\n<bpmn:sequenceFlow id="f" sourceRef="tns:s" targetRef="e" />`),
      "Invalid source 'tns:s' of sequence flow 'f'",
      'f',
      6,
    ],
    [
      'an undeclared escalationRef',
      model(`${START}<bpmn:endEvent id="x"><bpmn:escalationEventDefinition escalationRef="ESC" /></bpmn:endEvent>`),
      "could not find escalation with id 'ESC'",
      'x',
      5,
    ],
    [
      'an error end event without errorRef',
      processXml(`${START}<bpmn:endEvent id="x"><bpmn:errorEventDefinition /></bpmn:endEvent>`),
      "'errorRef' attribute is mandatory on error end event 'x'",
      'x',
      5,
    ],
    [
      'a process without any start event',
      processXml('<bpmn:task id="a" />'),
      "Process 'p' must define a startEvent element",
      'p',
      4,
    ],
    [
      'a process whose only start is in an event sub-process',
      processXml(
        '<bpmn:subProcess id="esp" triggeredByEvent="true"><bpmn:startEvent id="in"><bpmn:signalEventDefinition signalRef="sig" /></bpmn:startEvent></bpmn:subProcess>',
        '<bpmn:signal id="sig" name="go" />',
      ),
      "Process 'p' must define a startEvent element",
      'p',
      4,
    ],
    [
      'camunda:taskPriority on the process that is not a number',
      processXml(START).replace('isExecutable="true"', 'isExecutable="true" camunda:taskPriority="NOTaNumber"'),
      "Value 'NOTaNumber' for attribute 'taskPriority' is not a valid number",
      'p',
      4,
    ],
    [
      'camunda:taskPriority on an external task that is not a number',
      processXml(
        `${START}\n<bpmn:serviceTask id="t" camunda:type="external" camunda:topic="x" camunda:taskPriority="high" />`,
      ),
      "Value 'high' for attribute 'taskPriority' is not a valid number",
      't',
      6,
    ],
    [
      'camunda:jobPriority beyond an int',
      processXml(`${START}\n<bpmn:task id="t" camunda:jobPriority="2147483648" />`),
      "Value '2147483648' for attribute 'jobPriority' is not a valid number",
      't',
      6,
    ],
    [
      'an attribute value without quotes',
      processXml('<bpmn:startEvent id=s />'),
      'missing attribute value quotes',
      null,
      null,
    ],
  ])('%s', async (_name, xml, message, elementId, line) => {
    const err = await parseFailure(xml, 'refused.bpmn');
    expect(err.type).toBe('ParseException');
    const problems = err.details['refused.bpmn'].errors;
    const problem = problems.find((p) => p.message.includes(message));
    expect(problem ?? problems).toMatchObject({ mainElementId: elementId });
    if (line !== null) expect(problem!.line).toBe(line);
  });

  it('accepts priorities that are expressions or ints', async () => {
    const xml = processXml(
      `${START}<bpmn:serviceTask id="t" camunda:type="external" camunda:topic="x" camunda:taskPriority="\${prio}" camunda:jobPriority="-5" />`,
    ).replace('isExecutable="true"', 'isExecutable="true" camunda:taskPriority="+10" camunda:jobPriority="#{base}"');
    const graph = await onlyGraph(xml);
    expect(graph.taskPriority?.text).toBe('+10');
    expect(node(graph, 't', 'serviceTask').externalTask!.priority?.text).toBe('${prio}');
  });
});

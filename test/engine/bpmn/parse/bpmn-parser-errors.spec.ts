import { parseBpmn } from '../../../../src/engine/bpmn/parse/bpmn-parser';
import { fixture, parseFailure, processXml } from './bpmn-fixtures';

const START = '<bpmn:startEvent id="s" />';
const SERVICE = (attrs: string, inner = '') => `${START}<bpmn:serviceTask id="t" ${attrs}>${inner}</bpmn:serviceTask>`;
const EXT = (inner: string) => `<bpmn:extensionElements>${inner}</bpmn:extensionElements>`;
const MSG =
  '<bpmn:message id="m" name="msg" /><bpmn:message id="noName" /><bpmn:error id="e" /><bpmn:error id="ec" errorCode="E1" />';

describe('parseBpmn: the fixtures that must fail', () => {
  it('rejects scripts in other languages than JavaScript, Java delegates, Java listeners and broken expressions, with positions', async () => {
    const err = await parseFailure(fixture('unsupported.bpmn'), 'unsupported.bpmn');
    expect(err.type).toBe('ParseException');
    expect(err.message).toBe(
      'ENGINE-09005 Could not parse BPMN process. Errors: ' +
        "\n* Script language 'groovy' of the script task on 'Script' is not supported: only JavaScript (javascript, js, ecmascript) runs, in a sandbox | resource unsupported.bpmn | line 9 | column 5" +
        "\n* serviceTask 'JavaTask' uses camunda:class, which is not supported: deployments never run Java code or bean expressions; " +
        'use camunda:type="external" with a camunda:topic | resource unsupported.bpmn | line 13 | column 5' +
        "\n* Execution listener with camunda:delegateExpression on 'Listened' is not supported: Java code is never run | resource unsupported.bpmn | line 15 | column 5" +
        "\n* Script language 'groovy' of the condition on 'F_script' is not supported: only JavaScript (javascript, js, ecmascript) runs, in a sandbox | resource unsupported.bpmn | line 22 | column 5" +
        "\n* Invalid expression in the condition expression of 'F_broken': Error parsing '${amount >}': syntax error at position 10, encountered '}', " +
        "expected <IDENTIFIER>|<STRING>|<FLOAT>|<INTEGER>|'true'|'false'|'null'|'-'|'!'|'not'|'empty'|'(' | resource unsupported.bpmn | line 25 | column 5" +
        "\n* Unsupported element 'complexGateway' with id 'Complex' | resource unsupported.bpmn | line 28 | column 5",
    );
    const report = err.details['unsupported.bpmn'];
    expect(report.errors.map((e) => [e.mainElementId, e.line, e.column])).toEqual([
      ['Script', 9, 5],
      ['JavaTask', 13, 5],
      ['Listened', 15, 5],
      ['F_script', 22, 5],
      ['F_broken', 25, 5],
      ['Complex', 28, 5],
    ]);
    expect(report.errors[0].elementIds).toEqual(['Script']);
    expect(report.warnings).toEqual([]);
  });

  it('refuses a DOCTYPE with an external entity before parsing', async () => {
    const err = await parseFailure(fixture('doctype.bpmn'), 'doctype.bpmn');
    expect(err.message).toBe(
      'ENGINE-09005 Could not parse BPMN process. Errors: \n* DOCTYPE is disallowed when the feature ' +
        '"http://apache.org/xml/features/disallow-doctype-decl" set to true. | resource doctype.bpmn | line 2 | column 1',
    );
    expect(err.details['doctype.bpmn'].errors[0]).toMatchObject({
      line: 2,
      column: 1,
      mainElementId: null,
      elementIds: [],
    });
  });

  it('refuses an ENTITY declaration even without DOCTYPE keyword in front', async () => {
    const err = await parseFailure('<?xml version="1.0"?>\n<!ENTITY x "y">\n<a/>');
    expect(err.details['test.bpmn'].errors[0]).toMatchObject({ line: 2, column: 1 });
  });

  it('reports malformed XML with its position', async () => {
    const err = await parseFailure(processXml(`${START}\n</bpmn:startEvent>`));
    expect(err.details['test.bpmn'].errors).toEqual([
      expect.objectContaining({
        message: 'unparsable content </bpmn:startEvent> detected: closing tag mismatch',
        line: 6,
        column: 1,
      }),
    ]);
  });

  it('reports a document that is not BPMN', async () => {
    const err = await parseFailure('<foo/>');
    expect(err.message).toContain('failed to parse document as <bpmn:Definitions>');
  });
});

describe('parseBpmn: one rule at a time', () => {
  it.each<[string, string, string, string | null]>([
    // name, process body, expected message fragment, element reported
    [
      'unknown BPMN element',
      `${START}\n<bpmn:fooBar id="x" />`,
      'unparsable content <bpmn:fooBar> detected: unknown type <bpmn:FooBar>',
      null,
    ],
    ['duplicate id', `${START}<bpmn:task id="s" />`, 'duplicate ID <s>', null],
    [
      'compensation catch event',
      `${START}<bpmn:intermediateCatchEvent id="t"><bpmn:compensateEventDefinition /></bpmn:intermediateCatchEvent>`,
      "Unsupported event definition 'compensateEventDefinition' on intermediateCatchEvent 't'",
      't',
    ],
    [
      'dangling flow target',
      `${START}<bpmn:sequenceFlow id="f" sourceRef="s" targetRef="nope" />`,
      "Invalid destination 'nope' of sequence flow 'f'",
      'f',
    ],
    [
      'missing flow source',
      `${START}<bpmn:sequenceFlow id="f" targetRef="s" />`,
      "Invalid source '' of sequence flow 'f'",
      'f',
    ],
    [
      'flow into another scope',
      `${START}<bpmn:subProcess id="sp"><bpmn:startEvent id="in" /></bpmn:subProcess><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="in" />`,
      "Invalid destination 'in' of sequence flow 'f'",
      'f',
    ],
    [
      'service task without implementation',
      SERVICE(''),
      "One of the attributes 'class', 'delegateExpression', 'type', or 'expression' is mandatory on serviceTask",
      't',
    ],
    [
      'service task with delegateExpression',
      SERVICE('camunda:delegateExpression="${bean}"'),
      'uses camunda:delegateExpression, which is not supported',
      't',
    ],
    [
      'service task with a bean expression',
      SERVICE('camunda:expression="${bean.run()}"'),
      "Attribute 'camunda:expression' of 't' calls a method on 'bean', which would be a Java bean in Camunda",
      't',
    ],
    [
      'service task with a bean deep in its expression',
      SERVICE(`camunda:expression="\${execution.setVariable('x', svc.client.fetch(1))}"`),
      "calls a method on 'svc'",
      't',
    ],
    [
      'service task with expression and type',
      SERVICE('camunda:expression="${1}" camunda:type="external" camunda:topic="x"'),
      'has both camunda:expression and camunda:type',
      't',
    ],
    [
      'execution listener calling a bean',
      `${START}<bpmn:task id="t">${EXT('<camunda:executionListener event="start" expression="${audit.log(execution)}" />')}</bpmn:task>`,
      "The execution listener 'start' of 't' calls a method on 'audit'",
      't',
    ],
    [
      'execution listener calling task',
      `${START}<bpmn:task id="t">${EXT('<camunda:executionListener event="start" expression="${task.getId()}" />')}</bpmn:task>`,
      "calls a method on 'task'",
      't',
    ],
    [
      'task listener calling a bean',
      `${START}<bpmn:userTask id="t">${EXT('<camunda:taskListener event="create" expression="${mailer.send(task)}" />')}</bpmn:userTask>`,
      "The task listener 'create' of 't' calls a method on 'mailer', which would be a Java bean in Camunda",
      't',
    ],
    [
      'send task with class',
      `${START}<bpmn:sendTask id="t" camunda:class="X" />`,
      "sendTask 't' uses camunda:class",
      't',
    ],
    [
      'business rule task with class',
      `${START}<bpmn:businessRuleTask id="t" camunda:class="X" />`,
      "businessRuleTask 't' uses camunda:class",
      't',
    ],
    ['other camunda:type', SERVICE('camunda:type="mail"'), "camunda:type 'mail' on 't' is not supported", 't'],
    [
      'external task without topic',
      SERVICE('camunda:type="external"'),
      "External tasks must specify a 'topic' attribute in the camunda namespace",
      't',
    ],
    [
      'topic with a syntax error',
      SERVICE('camunda:type="external" camunda:topic="${a b}"'),
      "Invalid expression in attribute 'camunda:topic' of 't': Error parsing '${a b}'",
      't',
    ],
    [
      'connector',
      SERVICE(
        'camunda:type="external" camunda:topic="x"',
        EXT('<camunda:connector><camunda:connectorId>http</camunda:connectorId></camunda:connector>'),
      ),
      "camunda:connector on 't' is not supported",
      't',
    ],
    [
      'groovy listener',
      `${START}<bpmn:task id="t">${EXT('<camunda:executionListener event="end"><camunda:script scriptFormat="groovy">1</camunda:script></camunda:executionListener>')}</bpmn:task>`,
      "Script language 'groovy' of the execution listener 'end' on 't' is not supported",
      't',
    ],
    [
      'groovy task listener',
      `${START}<bpmn:userTask id="t">${EXT('<camunda:taskListener event="create"><camunda:script scriptFormat="groovy">1</camunda:script></camunda:taskListener>')}</bpmn:userTask>`,
      "Script language 'groovy' of the task listener 'create' on 't' is not supported",
      't',
    ],
    [
      'task listener with class',
      `${START}<bpmn:userTask id="t">${EXT('<camunda:taskListener event="create" class="X" />')}</bpmn:userTask>`,
      "Task listener with camunda:class on 't' is not supported",
      't',
    ],
    [
      'timeout task listener without a timer',
      `${START}<bpmn:userTask id="t">${EXT('<camunda:taskListener id="l" event="timeout" expression="${x}" />')}</bpmn:userTask>`,
      "Timeout task listener on 't' needs an id and one timerEventDefinition",
      't',
    ],
    [
      'timeout task listener with an unreadable timer',
      `${START}<bpmn:userTask id="t">${EXT('<camunda:taskListener id="l" event="timeout" expression="${x}"><bpmn:timerEventDefinition><bpmn:timeDuration>soon</bpmn:timeDuration></bpmn:timerEventDefinition></camunda:taskListener>')}</bpmn:userTask>`,
      "in timeDuration of 't'",
      't',
    ],
    [
      'task listener with an unknown event',
      `${START}<bpmn:userTask id="t">${EXT('<camunda:taskListener event="finish" expression="${x}" />')}</bpmn:userTask>`,
      "Task listener event 'finish' on 't' is not one of create, assignment, update, complete, delete, timeout",
      't',
    ],
    [
      'listener without event',
      `${START}<bpmn:task id="t">${EXT('<camunda:executionListener expression="${x}" />')}</bpmn:task>`,
      "Attribute 'event' is mandatory on execution listener of 't'",
      't',
    ],
    [
      'python io parameter',
      `${START}<bpmn:task id="t">${EXT('<camunda:inputOutput><camunda:inputParameter name="a"><camunda:script scriptFormat="python">1</camunda:script></camunda:inputParameter></camunda:inputOutput>')}</bpmn:task>`,
      "Script language 'python' of the inputParameter 'a' on 't' is not supported",
      't',
    ],
    [
      'io mapping on a start event',
      `<bpmn:startEvent id="s">${EXT('<camunda:inputOutput><camunda:inputParameter name="a">1</camunda:inputParameter></camunda:inputOutput>')}</bpmn:startEvent>`,
      "camunda:inputOutput mapping unsupported for element type 'startEvent'.",
      's',
    ],
    [
      'output mapping on an end event',
      `${START}<bpmn:endEvent id="t">${EXT('<camunda:inputOutput><camunda:outputParameter name="a">1</camunda:outputParameter></camunda:inputOutput>')}</bpmn:endEvent>`,
      "camunda:outputParameter not allowed for element type 'endEvent'.",
      't',
    ],
    [
      'assignee syntax error',
      `${START}<bpmn:userTask id="t" camunda:assignee="\${a &amp;&amp;}" />`,
      "Invalid expression in attribute 'camunda:assignee' of 't'",
      't',
    ],
    [
      'unknown function',
      `${START}<bpmn:userTask id="t" camunda:assignee="\${lookup('x')}" />`,
      "Could not resolve function 'lookup'",
      't',
    ],
    [
      'multi-instance without cardinality or collection',
      `${START}<bpmn:task id="t"><bpmn:multiInstanceLoopCharacteristics /></bpmn:task>`,
      'Either loopCardinality or loopDataInputRef/activiti:collection must been set',
      't',
    ],
    [
      'standard loop',
      `${START}<bpmn:task id="t"><bpmn:standardLoopCharacteristics /></bpmn:task>`,
      "Standard loop characteristics on 't' are not supported",
      't',
    ],
    [
      'timer without definition',
      `${START}<bpmn:intermediateCatchEvent id="t"><bpmn:timerEventDefinition /></bpmn:intermediateCatchEvent>`,
      'Timer needs configuration (either timeDate, timeCycle or timeDuration is needed)',
      't',
    ],
    [
      'timer duration that is no duration',
      `${START}<bpmn:intermediateCatchEvent id="t"><bpmn:timerEventDefinition><bpmn:timeDuration>PT5X</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>`,
      "Invalid ISO 8601 timer duration 'PT5X' in timeDuration of 't'",
      't',
    ],
    [
      'timer date that is no date',
      `${START}<bpmn:intermediateCatchEvent id="t"><bpmn:timerEventDefinition><bpmn:timeDate>tomorrow</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>`,
      "Invalid ISO 8601 timer date 'tomorrow' in timeDate of 't'",
      't',
    ],
    [
      'timer cycle of no repetitions',
      `${START}<bpmn:intermediateCatchEvent id="t"><bpmn:timerEventDefinition><bpmn:timeCycle>R0/PT1M</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>`,
      "Invalid ISO 8601 timer cycle 'R0/PT1M' in timeCycle of 't'",
      't',
    ],
    [
      'timer cycle that is neither ISO nor cron',
      `${START}<bpmn:intermediateCatchEvent id="t"><bpmn:timerEventDefinition><bpmn:timeCycle>every day</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>`,
      "Invalid ISO 8601 timer cycle 'every day' in timeCycle of 't'",
      't',
    ],
    [
      'catch event without definition',
      `${START}<bpmn:intermediateCatchEvent id="t" />`,
      "Intermediate catch event 't' needs an event definition",
      't',
    ],
    [
      'message catch without messageRef',
      `${START}<bpmn:intermediateCatchEvent id="t"><bpmn:messageEventDefinition /></bpmn:intermediateCatchEvent>`,
      "Attribute 'messageRef' is mandatory",
      't',
    ],
    [
      'message without name',
      `${START}<bpmn:receiveTask id="t" messageRef="noName" />`,
      'Cannot have a message event subscription with an empty or missing name',
      't',
    ],
    [
      'dangling messageRef',
      `${START}<bpmn:receiveTask id="t" messageRef="gone" />`,
      "Invalid reference 'gone' in attribute 'messageRef' of 't'",
      't',
    ],
    [
      'signal without signalRef',
      `${START}<bpmn:intermediateThrowEvent id="t"><bpmn:signalEventDefinition /></bpmn:intermediateThrowEvent>`,
      "Attribute 'signalRef' is mandatory",
      't',
    ],
    [
      'escalation catch event',
      `${START}<bpmn:intermediateCatchEvent id="t"><bpmn:escalationEventDefinition /></bpmn:intermediateCatchEvent>`,
      "Unsupported event definition 'escalationEventDefinition' on intermediateCatchEvent 't'",
      't',
    ],
    [
      'compensation boundary without handler',
      `${START}<bpmn:task id="a" /><bpmn:boundaryEvent id="t" attachedToRef="a"><bpmn:compensateEventDefinition /></bpmn:boundaryEvent>`,
      "Compensation boundary event 't' must be associated with exactly one compensation handler (found 0)",
      't',
    ],
    [
      'multiple event definitions',
      `${START}<bpmn:intermediateCatchEvent id="t"><bpmn:messageEventDefinition messageRef="m" /><bpmn:signalEventDefinition /></bpmn:intermediateCatchEvent>`,
      "Multiple event definitions on 't' are not supported",
      't',
    ],
    [
      'error end event without code',
      `${START}<bpmn:endEvent id="t"><bpmn:errorEventDefinition errorRef="e" /></bpmn:endEvent>`,
      "'errorCode' is mandatory on errors referenced by throwing error event definitions, but the error 'e' does not define one.",
      't',
    ],
    [
      'groovy condition on conditional event',
      `${START}<bpmn:intermediateCatchEvent id="t"><bpmn:conditionalEventDefinition><bpmn:condition xsi:type="bpmn:tFormalExpression" language="groovy">x</bpmn:condition></bpmn:conditionalEventDefinition></bpmn:intermediateCatchEvent>`,
      "Script language 'groovy' of the condition on 't' is not supported",
      't',
    ],
    [
      'condition from a resource',
      `${START}<bpmn:task id="a" /><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="a"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" camunda:resource="cond.juel" /></bpmn:sequenceFlow>`,
      "Condition resource on 'f' is not supported",
      'f',
    ],
    [
      'boundary event on a gateway',
      `${START}<bpmn:exclusiveGateway id="g" /><bpmn:boundaryEvent id="t" attachedToRef="g"><bpmn:errorEventDefinition /></bpmn:boundaryEvent>`,
      "Boundary event 't' must be attached to an activity of the same scope, not 'g'",
      't',
    ],
    [
      'boundary event without definition',
      `${START}<bpmn:task id="a" /><bpmn:boundaryEvent id="t" attachedToRef="a" />`,
      "Boundary event 't' needs an event definition",
      't',
    ],
    [
      'incoming flow into an event sub-process',
      `${START}<bpmn:subProcess id="t" triggeredByEvent="true"><bpmn:startEvent id="i"><bpmn:messageEventDefinition messageRef="m" /></bpmn:startEvent></bpmn:subProcess><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="t" />`,
      "Invalid incoming sequence flow of event subprocess 't'",
      't',
    ],
    [
      'event sub-process with a none start',
      `${START}<bpmn:subProcess id="t" triggeredByEvent="true"><bpmn:startEvent id="i" /></bpmn:subProcess>`,
      "Event sub-process 't' must contain exactly one start event with an event definition",
      't',
    ],
    [
      'non-interrupting error start',
      `${START}<bpmn:subProcess id="sp" triggeredByEvent="true"><bpmn:startEvent id="t" isInterrupting="false"><bpmn:errorEventDefinition /></bpmn:startEvent></bpmn:subProcess>`,
      "Error start event 't' must be interrupting",
      't',
    ],
    [
      'embedded sub-process without start',
      `${START}<bpmn:subProcess id="t"><bpmn:task id="a" /></bpmn:subProcess>`,
      "Embedded sub-process 't' must contain exactly one none start event",
      't',
    ],
    [
      'message start in an embedded sub-process',
      `${START}<bpmn:subProcess id="sp"><bpmn:startEvent id="t"><bpmn:messageEventDefinition messageRef="m" /></bpmn:startEvent></bpmn:subProcess>`,
      "Start event 't' of embedded sub-process 'sp' must be a none start event",
      't',
    ],
    [
      'error start at process level',
      `<bpmn:startEvent id="t"><bpmn:errorEventDefinition /></bpmn:startEvent>`,
      "Error start event 't' is only allowed in an event sub-process",
      't',
    ],
    [
      'two none start events',
      `${START}<bpmn:startEvent id="t" />`,
      "Multiple none start events are not supported on process 'p'",
      'p',
    ],
    [
      'two message starts with one name',
      `<bpmn:startEvent id="a"><bpmn:messageEventDefinition messageRef="m" /></bpmn:startEvent><bpmn:startEvent id="t"><bpmn:messageEventDefinition messageRef="m" /></bpmn:startEvent>`,
      "Cannot have more than one message event subscription with name 'msg' for scope 'p'",
      't',
    ],
    [
      'event-based gateway into a task',
      `${START}<bpmn:eventBasedGateway id="g" /><bpmn:task id="a" /><bpmn:sequenceFlow id="f" sourceRef="g" targetRef="a" />`,
      'Event based gateway can only be connected to elements of type intermediateCatchEvent',
      'g',
    ],
    [
      'instantiating event-based gateway',
      `${START}<bpmn:eventBasedGateway id="t" instantiate="true" />`,
      "Instantiating event-based gateway 't' is not supported",
      't',
    ],
    [
      'default flow that leaves another node',
      `${START}<bpmn:exclusiveGateway id="t" default="f" /><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="t" />`,
      "Default sequence flow 'f' of 't' is not one of its outgoing sequence flows",
      't',
    ],
    [
      'unknown decision result mapper',
      `${START}<bpmn:businessRuleTask id="t" camunda:decisionRef="d" camunda:mapDecisionResult="firstRow" />`,
      "No decision result mapper found for name 'firstRow'. Supported mappers are 'singleEntry', 'singleResult', 'collectEntries' and 'resultList'.",
      't',
    ],
    [
      'version binding without version',
      `${START}<bpmn:businessRuleTask id="t" camunda:decisionRef="d" camunda:decisionRefBinding="version" />`,
      "Missing attribute 'camunda:decisionRefVersion' when 'camunda:decisionRefBinding' has value 'version'",
      't',
    ],
    [
      'unknown binding',
      `${START}<bpmn:callActivity id="t" calledElement="c" camunda:calledElementBinding="newest" />`,
      "Invalid attribute 'camunda:calledElementBinding' value 'newest'",
      't',
    ],
    [
      'call activity without calledElement',
      `${START}<bpmn:callActivity id="t" />`,
      "Missing attribute 'calledElement' on call activity 't'",
      't',
    ],
    [
      'call activity of a case',
      `${START}<bpmn:callActivity id="t" camunda:caseRef="case" />`,
      "Call activity 't' calls a CMMN case, which is not supported",
      't',
    ],
    [
      'camunda:in without target',
      `${START}<bpmn:callActivity id="t" calledElement="c">${EXT('<camunda:in source="a" />')}</bpmn:callActivity>`,
      "Missing attribute 'target' when attribute 'source' or 'sourceExpression' is set",
      't',
    ],
    [
      'link throw without catch',
      `${START}<bpmn:intermediateThrowEvent id="t"><bpmn:linkEventDefinition name="A" /></bpmn:intermediateThrowEvent>`,
      "Link throw event 't' has no matching link catch event named 'A'",
      't',
    ],
  ])('%s', async (_name, body, message, elementId) => {
    const err = await parseFailure(processXml(body, MSG));
    const problem = err.details['test.bpmn'].errors.find((e) => e.message.includes(message));
    expect(problem ?? err.details['test.bpmn'].errors).toMatchObject({ mainElementId: elementId });
    expect(err.message).toContain(message);
    // one mistake, one message: no follow-up errors
    expect(err.details['test.bpmn'].errors).toHaveLength(1);
    if (elementId) expect(problem!.line).toBeGreaterThanOrEqual(4);
  });

  it.each<[string, string]>([
    ['abc', 'Cannot parse historyTimeToLive: For input string: "abc"'],
    ['P1Y', 'Cannot parse historyTimeToLive: For input string: "P1Y"'],
    ['-5', 'Cannot parse historyTimeToLive: negative value is not allowed'],
  ])('historyTimeToLive %s', async (ttl, message) => {
    const xml = processXml(START).replace(
      'isExecutable="true"',
      `isExecutable="true" camunda:historyTimeToLive="${ttl}"`,
    );
    const err = await parseFailure(xml);
    expect(err.details['test.bpmn'].errors).toEqual([
      expect.objectContaining({ message, mainElementId: 'p', line: 4, column: 1 }),
    ]);
  });
});

describe('parseBpmn: warnings do not fail the parse', () => {
  it('keeps unknown camunda extensions, unknown attributes and problems in non-executable processes as warnings', async () => {
    const xml = processXml(
      `<bpmn:startEvent id="s" foo="bar">${EXT('<camunda:somethingNew a="1" />')}</bpmn:startEvent>`,
      '<bpmn:process id="sketch" isExecutable="false"><bpmn:sequenceFlow id="sf" sourceRef="x" targetRef="y" /></bpmn:process>',
    );
    const model = await parseBpmn(xml, 'w.bpmn');
    expect(model.processes.map((p) => p.key)).toEqual(['p']);
    expect(model.warnings.map((w) => w.message)).toEqual([
      "Invalid source 'x' of sequence flow 'sf'",
      "Invalid destination 'y' of sequence flow 'sf'",
      'Ignoring non-executable process with id \'sketch\'. Set the attribute isExecutable="true" to deploy this process.',
      'unknown attribute <foo>',
      'unparsable content <camunda:somethingNew> detected: unknown type <camunda:SomethingNew>',
    ]);
  });

  it('warns about unconditional flows out of an exclusive gateway that are not its default', async () => {
    const model = await parseBpmn(
      processXml(`${START}<bpmn:exclusiveGateway id="g" /><bpmn:task id="a" /><bpmn:task id="b" />
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="g" />
        <bpmn:sequenceFlow id="f1" sourceRef="g" targetRef="a" /><bpmn:sequenceFlow id="f2" sourceRef="g" targetRef="b" />`),
      'w.bpmn',
    );
    expect(model.warnings.map((w) => w.message)).toEqual([
      "Exclusive Gateway 'g' has outgoing sequence flow 'f1' without condition which is not the default flow.",
      "Exclusive Gateway 'g' has outgoing sequence flow 'f2' without condition which is not the default flow.",
    ]);
  });

  it('returns no process for a document without executable processes', async () => {
    const xml = processXml(START).replace('isExecutable="true"', 'isExecutable="false"');
    expect((await parseBpmn(xml, 'none.bpmn')).processes).toEqual([]);
  });
});

import { evalIn, node, onlyProcess, parseFixture } from './bpmn-fixtures';

describe('parseBpmn: gateways', () => {
  it('builds nodes, flows with compiled conditions and default flows', async () => {
    const graph = await onlyProcess('gateways.bpmn');
    expect(graph.key).toBe('gateways');
    expect(graph.name).toBe('Gateways');
    expect(graph.historyTimeToLive).toBe(30);
    expect(graph.initialId).toBe('Start');

    const xor = node(graph, 'Xor', 'exclusiveGateway');
    expect(xor.name).toBe('Amount?');
    expect(xor.defaultFlowId).toBe('F_small');
    expect(xor.incoming).toEqual(['F_start']);
    expect(xor.outgoing).toEqual(['F_big', 'F_small']);
    expect(graph.sequenceFlows.get('F_small')).toMatchObject({
      isDefault: true,
      condition: null,
      sourceId: 'Xor',
      targetId: 'Or',
    });

    const big = graph.sequenceFlows.get('F_big')!;
    expect(big.isDefault).toBe(false);
    expect(big.condition!.text).toBe('${amount > 100}');
    expect(big.condition!.evaluateCondition(evalIn({ amount: 150 }))).toBe(true);
    expect(big.condition!.evaluateCondition(evalIn({ amount: 50 }))).toBe(false);

    expect(node(graph, 'Fork', 'parallelGateway').outgoing).toEqual(['F_a', 'F_b']);
    expect(node(graph, 'Join', 'parallelGateway').incoming).toEqual(['F_a_join', 'F_b_join']);
    expect(node(graph, 'TaskA', 'task').activityType).toBe('task');
    expect(node(graph, 'TaskB', 'manualTask').activityType).toBe('manualTask');
    expect(node(graph, 'Or', 'inclusiveGateway').defaultFlowId).toBe('F_or_default');
    expect(graph.sequenceFlows.get('F_or_1')!.condition!.identifiers).toEqual(['execution']);
  });

  it('parses the event-based gateway and its catch events', async () => {
    const graph = await onlyProcess('gateways.bpmn');
    expect(node(graph, 'Wait', 'eventBasedGateway').outgoing).toEqual(['F_wait_msg', 'F_wait_timer']);
    const message = node(graph, 'CatchMessage', 'intermediateCatchEvent');
    expect(message.activityType).toBe('intermediateMessageCatch');
    expect(message.eventDefinition).toMatchObject({ kind: 'message', messageId: 'Msg_Approved' });
    const timer = node(graph, 'CatchTimer', 'intermediateCatchEvent');
    expect(timer.activityType).toBe('intermediateTimer');
    expect(timer.eventDefinition.kind === 'timer' && timer.eventDefinition.timerType).toBe('duration');
    expect(timer.eventDefinition.kind === 'timer' && timer.eventDefinition.value.evaluate(evalIn({ minutes: 5 }))).toBe(
      'PT5M',
    );
    expect(node(graph, 'End', 'endEvent').activityType).toBe('noneEndEvent');
    expect(node(graph, 'End', 'endEvent').incoming).toEqual(['F_join_end', 'F_or_default', 'F_msg_end', 'F_timer_end']);
  });

  it('describes the process scope and freezes the graph', async () => {
    const graph = await onlyProcess('gateways.bpmn');
    const scope = graph.scopes.get('gateways')!;
    expect(scope).toMatchObject({
      kind: 'process',
      parentScopeId: null,
      noneStartEventId: 'Start',
      startEventIds: ['Start'],
    });
    expect(scope.flowNodeIds).toHaveLength(11);
    expect(scope.sequenceFlowIds).toHaveLength(14);
    expect(Object.isFrozen(graph)).toBe(true);
    expect(Object.isFrozen(graph.elements.get('Xor'))).toBe(true);
    expect(Object.isFrozen(graph.elements.get('Xor')!.outgoing)).toBe(true);
  });
});

describe('parseBpmn: user task and process attributes', () => {
  it('reads the process definition attributes and ignores non-executable processes', async () => {
    const model = await parseFixture('user-task.bpmn');
    expect(model.processes.map((p) => p.key)).toEqual(['approval']);
    expect(model.warnings.map((w) => w.message)).toEqual([
      `Ignoring non-executable process with id 'draft'. Set the attribute isExecutable="true" to deploy this process.`,
    ]);
    const graph = model.processes[0];
    expect(graph).toMatchObject({
      key: 'approval',
      name: 'Approval',
      isExecutable: true,
      versionTag: 'v1.2',
      historyTimeToLive: 30,
      candidateStarterGroups: ['sales', 'management'],
      candidateStarterUsers: ['demo'],
      startFormKey: 'embedded:app:forms/start.html',
      hasStartFormKey: true,
      isStartableInTasklist: false,
      documentation: 'Approves invoices.',
    });
    expect(node(graph, 'Start', 'startEvent').initiator).toBe('starter');
  });

  it('compiles assignment expressions and splits candidate lists outside ${}', async () => {
    const graph = await onlyProcess('user-task.bpmn');
    const task = node(graph, 'Approve', 'userTask');
    const ctx = evalIn({ starter: 'demo', reviewer: 'john', team: '', priority: 80 });
    const u = task.userTask;
    expect(u.assignee!.evaluate(ctx)).toBe('demo');
    expect(u.candidateUsers.map((e) => e.evaluate(ctx))).toEqual(['mary', 'john']);
    expect(u.candidateGroups.map((e) => e.text)).toEqual(['accounting', "${empty team ? 'a,b' : team}"]);
    expect(u.candidateGroups[1].evaluate(ctx)).toBe('a,b');
    expect(u.dueDate!.text).toBe('${dateTime().plusDays(2).toDate()}');
    expect(u.dueDate!.evaluate(ctx)).toBeInstanceOf(Date);
    expect(u.followUpDate!.isLiteral).toBe(true);
    expect(u.priority!.evaluate(ctx)).toBe(80);
    expect(u.formKey!.text).toBe('embedded:app:forms/approve.html');
    expect(u.taskListeners.map((l) => [l.event, 'expression' in l ? l.expression.text : null])).toEqual([
      ['create', "${execution.setVariable('created', true)}"],
    ]);
    expect(task.executionListeners.map((l) => l.event)).toEqual(['start']);
    expect(task.properties).toEqual([{ name: 'color', value: 'blue' }]);
  });

  it('parses input/output mappings with text, null, list and map values', async () => {
    const graph = await onlyProcess('user-task.bpmn');
    const io = node(graph, 'Approve', 'userTask').ioMapping!;
    expect(io.inputs.map((p) => [p.name, p.value.kind])).toEqual([
      ['approver', 'expression'],
      ['total', 'expression'],
      ['nothing', 'null'],
      ['reviewers', 'list'],
      ['limits', 'map'],
    ]);
    const total = io.inputs[1].value;
    expect(total.kind === 'expression' && total.expression.evaluate(evalIn({ amount: 21 }))).toBe(42);
    const reviewers = io.inputs[3].value;
    expect(
      reviewers.kind === 'list' && reviewers.items.map((i) => i.kind === 'expression' && i.expression.text),
    ).toEqual(['mary', '${reviewer}']);
    const limits = io.inputs[4].value;
    expect(limits.kind === 'map' && limits.entries.map((e) => e.key)).toEqual(['low', 'high']);
    expect(io.outputs.map((p) => p.name)).toEqual(['approved']);
  });
});

describe('parseBpmn: external task with boundary events', () => {
  it('parses the external task configuration', async () => {
    const graph = await onlyProcess('external-task.bpmn');
    expect(graph.taskPriority!.text).toBe('10');
    expect(graph.jobPriority!.text).toBe('5');
    const pay = node(graph, 'Pay', 'serviceTask');
    expect(pay.externalTask!.topic.evaluate(evalIn({ region: 'eu' }))).toBe('eu-payments');
    expect(pay.externalTask!.priority!.text).toBe('${priority}');
    expect(pay.externalTask!.errorEventDefinitions).toHaveLength(1);
    const mapping = pay.externalTask!.errorEventDefinitions[0];
    expect(mapping).toMatchObject({ id: 'Map_Declined', errorCode: 'PAYMENT_FAILED' });
    expect(mapping.expression.evaluate(evalIn({ result: 'declined' }))).toBe(true);
    expect(mapping.errorMessage!.evaluate(evalIn({ amount: 12 }))).toBe('Payment of 12 failed');
    expect(pay.async).toMatchObject({ asyncBefore: false, asyncAfter: true, exclusive: false });
    expect(pay.async.failedJobRetryTimeCycle!.text).toBe('R5/PT1M');
    expect(pay.properties).toEqual([
      { name: 'provider', value: 'acme' },
      { name: 'timeout', value: '30' },
    ]);
    expect(node(graph, 'Start', 'startEvent').async.asyncBefore).toBe(true);
    expect(node(graph, 'Notify', 'sendTask').externalTask!.topic.text).toBe('notify');
  });

  it('links boundary events to their activity', async () => {
    const graph = await onlyProcess('external-task.bpmn');
    expect(graph.boundaryEventsByActivity.get('Pay')).toEqual(['PaymentFailed', 'Reminder', 'AnyError']);
    expect(node(graph, 'Pay', 'serviceTask').boundaryEventIds).toEqual(['PaymentFailed', 'Reminder', 'AnyError']);

    const failed = node(graph, 'PaymentFailed', 'boundaryEvent');
    expect(failed).toMatchObject({
      activityType: 'boundaryError',
      attachedToId: 'Pay',
      cancelActivity: true,
      outgoing: ['F4'],
    });
    expect(failed.eventDefinition).toMatchObject({
      kind: 'error',
      errorId: 'Err_Payment',
      errorCode: 'PAYMENT_FAILED',
      errorCodeVariable: 'code',
      errorMessageVariable: 'msg',
    });
    const reminder = node(graph, 'Reminder', 'boundaryEvent');
    expect(reminder).toMatchObject({ activityType: 'boundaryTimer', cancelActivity: false });
    expect(reminder.eventDefinition).toMatchObject({ kind: 'timer', timerType: 'cycle' });
    expect(node(graph, 'AnyError', 'boundaryEvent').eventDefinition).toMatchObject({ kind: 'error', errorCode: null });
  });

  it('parses end and throw event kinds', async () => {
    const graph = await onlyProcess('external-task.bpmn');
    const done = node(graph, 'Done', 'endEvent');
    expect(done.activityType).toBe('messageEndEvent');
    expect(done.eventDefinition?.kind === 'message' && done.eventDefinition.externalTask?.topic.text).toBe('receipts');
    expect(node(graph, 'Failed', 'endEvent')).toMatchObject({
      activityType: 'errorEndEvent',
      eventDefinition: { kind: 'error', errorCode: 'PAYMENT_FAILED' },
    });
    expect(node(graph, 'Stop', 'endEvent')).toMatchObject({
      activityType: 'terminateEndEvent',
      eventDefinition: { kind: 'terminate' },
    });
    expect(node(graph, 'Remind', 'intermediateThrowEvent')).toMatchObject({
      activityType: 'intermediateNoneThrowEvent',
      eventDefinition: null,
    });
  });
});

describe('parseBpmn: business rule tasks', () => {
  it('parses decision references, bindings and result mappings', async () => {
    const graph = await onlyProcess('business-rule-task.bpmn');
    expect(graph.historyTimeToLive).toBe(180);
    const decide = node(graph, 'Decide', 'businessRuleTask').decision!;
    expect(decide.decisionRef.text).toBe('dishDecision');
    expect(decide).toMatchObject({ binding: 'versionTag', resultVariable: 'dish', mapDecisionResult: 'singleEntry' });
    expect(decide.versionTag!.text).toBe('2024');
    expect(decide.tenantId!.evaluate(evalIn({ tenant: 't1' }))).toBe('t1');

    const latest = node(graph, 'DecideLatest', 'businessRuleTask').decision!;
    expect(latest).toMatchObject({
      binding: 'latest',
      mapDecisionResult: 'resultList',
      resultVariable: null,
      version: null,
    });
    expect(latest.decisionRef.evaluate(evalIn({ decisionKey: 'k' }))).toBe('k');

    const versioned = node(graph, 'DecideVersion', 'businessRuleTask').decision!;
    expect(versioned).toMatchObject({ binding: 'version', mapDecisionResult: 'collectEntries' });
    expect(versioned.version!.text).toBe('3');

    const external = node(graph, 'External', 'businessRuleTask');
    expect(external.decision).toBeNull();
    expect(external.externalTask!.topic.text).toBe('rules');
  });
});

describe('parseBpmn: call activities', () => {
  it('parses called element, binding and variable mappings', async () => {
    const graph = await onlyProcess('call-activity.bpmn');
    const call = node(graph, 'CallChild', 'callActivity').callActivity;
    expect(call.calledElement.text).toBe('child');
    expect(call.binding).toBe('version');
    expect(call.version!.evaluate(evalIn({ childVersion: 2 }))).toBe(2);
    expect(call.tenantId!.text).toBe('tenant1');
    expect(call.businessKey!.text).toBe('#{execution.processBusinessKey}');
    expect(call.inputs.map((m) => m.kind)).toEqual(['all', 'variable', 'expression']);
    expect(call.inputs[1]).toMatchObject({ kind: 'variable', source: 'orderId', target: 'id', local: false });
    expect(call.inputs[2]).toMatchObject({ kind: 'expression', target: 'double', local: true });
    expect(call.outputs).toEqual([
      { kind: 'all', local: false },
      { kind: 'variable', source: 'result', target: 'childResult', local: false },
    ]);
    const latest = node(graph, 'CallLatest', 'callActivity').callActivity;
    expect(latest).toMatchObject({ binding: 'latest', businessKey: null, inputs: [], outputs: [] });
  });
});

describe('parseBpmn: multi-instance', () => {
  it('parses collection, cardinality, completion condition and body async flags', async () => {
    const graph = await onlyProcess('multi-instance.bpmn');
    const review = node(graph, 'Review', 'userTask').multiInstance!;
    expect(review).toMatchObject({
      bodyId: 'Review#multiInstanceBody',
      isSequential: false,
      elementVariable: 'reviewer',
    });
    expect(review.collection?.kind === 'expression' && review.collection.expression.text).toBe('${reviewers}');
    expect(review.async.asyncBefore).toBe(true);
    expect(review.completionCondition!.evaluateCondition(evalIn({ nrOfCompletedInstances: 1, nrOfInstances: 2 }))).toBe(
      true,
    );

    const retry = node(graph, 'Retry', 'serviceTask').multiInstance!;
    expect(retry).toMatchObject({ isSequential: true, collection: null, completionCondition: null });
    expect(retry.loopCardinality!.text).toBe('3');

    const perItem = node(graph, 'PerItem', 'subProcess');
    expect(perItem.multiInstance!.collection).toEqual({ kind: 'variable', name: 'items' });
    expect(graph.scopes.get('PerItem')).toMatchObject({
      kind: 'subProcess',
      parentScopeId: 'reviews',
      noneStartEventId: 'ItemStart',
    });
    expect(node(graph, 'Handle', 'task').scopeId).toBe('PerItem');
    expect('multiInstance' in node(graph, 'Start', 'startEvent')).toBe(false);
  });
});

describe('parseBpmn: event sub-processes and start events', () => {
  it('parses the start events of the process', async () => {
    const graph = await onlyProcess('event-sub-process.bpmn');
    const scope = graph.scopes.get('orders')!;
    expect(scope.startEventIds).toEqual(['Start', 'StartByMessage', 'StartByTimer']);
    expect(scope.noneStartEventId).toBe('Start');
    expect(scope.eventSubProcessIds).toEqual(['OnCancel', 'OnFatal', 'OnAlert', 'OnTimeout']);
    expect(node(graph, 'StartByMessage', 'startEvent')).toMatchObject({ activityType: 'messageStartEvent' });
    const timer = node(graph, 'StartByTimer', 'startEvent');
    expect(timer.activityType).toBe('startTimerEvent');
    expect(timer.eventDefinition).toMatchObject({ kind: 'timer', timerType: 'cycle' });
  });

  it('parses each event sub-process as its own scope', async () => {
    const graph = await onlyProcess('event-sub-process.bpmn');
    const cancel = node(graph, 'OnCancel', 'subProcess');
    expect(cancel).toMatchObject({
      triggeredByEvent: true,
      activityType: 'eventSubProcess',
      incoming: [],
      outgoing: [],
    });
    expect(graph.scopes.get('OnCancel')).toMatchObject({
      kind: 'eventSubProcess',
      parentScopeId: 'orders',
      startEventIds: ['CancelStart'],
    });
    const cancelStart = node(graph, 'CancelStart', 'startEvent');
    expect(cancelStart.isInterrupting).toBe(false);
    expect(
      cancelStart.eventDefinition?.kind === 'message' &&
        cancelStart.eventDefinition.messageName!.evaluate(evalIn({ orderId: 7 })),
    ).toBe('cancel-7');
    expect(node(graph, 'FatalStart', 'startEvent')).toMatchObject({
      activityType: 'errorStartEvent',
      isInterrupting: true,
      eventDefinition: { kind: 'error', errorCode: 'FATAL' },
    });
    expect(node(graph, 'AlertStart', 'startEvent')).toMatchObject({
      activityType: 'signalStartEvent',
      isInterrupting: false,
    });
    expect(node(graph, 'TimeoutStart', 'startEvent').eventDefinition).toMatchObject({
      kind: 'timer',
      timerType: 'date',
    });
  });

  it('parses the embedded sub-process with conditional catch and signal throw', async () => {
    const graph = await onlyProcess('event-sub-process.bpmn');
    expect(graph.scopes.get('Work')).toMatchObject({ kind: 'subProcess', noneStartEventId: 'WorkStart' });
    const wait = node(graph, 'WaitForGo', 'intermediateCatchEvent');
    expect(wait.activityType).toBe('intermediateConditional');
    expect(wait.eventDefinition).toMatchObject({
      kind: 'conditional',
      variableName: 'go',
      variableEvents: ['create', 'update'],
    });
    const alert = node(graph, 'Alert', 'intermediateThrowEvent');
    expect(alert).toMatchObject({ activityType: 'intermediateSignalThrow', scopeId: 'Work' });
    expect(alert.eventDefinition).toMatchObject({ kind: 'signal', signalId: 'Sig_Alert', async: true });
    expect(node(graph, 'End', 'endEvent')).toMatchObject({
      activityType: 'signalEndEvent',
      eventDefinition: { kind: 'signal', async: false },
    });
  });
});

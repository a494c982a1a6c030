import { JobDefinitionEntity } from '../../persistence/entities/runtime/job-definition.entity';
import type { FlowNode, ProcessGraph } from '../bpmn/model';
import type { TimerEventDefinition } from '../bpmn/model/timer-definition';
import { jobDefinitionId, SUSPENSION } from '../entities/job-definition.manager';

interface Declaration {
  activityId: string;
  jobType: string;
  configuration: string | null;
  part: string;
}

/** Camunda's job configuration of a timer: its type and the text of its value (`DURATION: PT5M`). */
function timerConfiguration(timer: TimerEventDefinition): string {
  return `${timer.timerType.toUpperCase()}: ${timer.value.text}`;
}

function timerJobType(graph: ProcessGraph, node: FlowNode): string | null {
  switch (node.type) {
    case 'boundaryEvent':
      return 'timer-transition';
    case 'intermediateCatchEvent':
      return 'timer-intermediate-transition';
    case 'startEvent':
      if (node.scopeId === graph.key) return 'timer-start-event';
      return graph.scopes.get(node.scopeId)?.kind === 'eventSubProcess' ? 'timer-start-event-subprocess' : null;
    default:
      return null;
  }
}

function declarationsOf(graph: ProcessGraph, node: FlowNode): Declaration[] {
  const out: Declaration[] = [];
  const async = (activityId: string, before: boolean, after: boolean) => {
    if (before) out.push({ activityId, jobType: 'async-continuation', configuration: 'async-before', part: 'before' });
    if (after) out.push({ activityId, jobType: 'async-continuation', configuration: 'async-after', part: 'after' });
  };
  const loop = 'multiInstance' in node ? node.multiInstance : null;
  if (loop) {
    // The activity's own flags apply to its multi-instance body, those of the loop characteristics to each instance.
    async(loop.bodyId, node.async.asyncBefore, node.async.asyncAfter);
    async(node.id, loop.async.asyncBefore, false);
  } else {
    async(node.id, node.async.asyncBefore, node.async.asyncAfter);
  }
  const definition = 'eventDefinition' in node ? node.eventDefinition : null;
  const timerType = definition?.kind === 'timer' ? timerJobType(graph, node) : null;
  if (definition?.kind === 'timer' && timerType)
    out.push({ activityId: node.id, jobType: timerType, configuration: timerConfiguration(definition), part: '' });
  if (node.type === 'userTask') {
    for (const listener of node.userTask.taskListeners) {
      if (!listener.timer) continue;
      out.push({
        activityId: node.id,
        jobType: 'timer-task-listener',
        configuration: timerConfiguration(listener.timer),
        part: listener.id ?? '',
      });
    }
  }
  return out;
}

/** The job definitions of a process definition about to be deployed: one per kind of job its activities create. */
export function jobDefinitionsOf(
  graph: ProcessGraph,
  definition: { id: string; key: string; tenantId: string | null; deploymentId: string | null },
): JobDefinitionEntity[] {
  const out: JobDefinitionEntity[] = [];
  for (const node of graph.elements.values()) {
    for (const d of declarationsOf(graph, node)) {
      out.push(
        Object.assign(new JobDefinitionEntity(), {
          id: jobDefinitionId(definition.id, d.activityId, d.jobType, d.part),
          rev: 1,
          processDefinitionId: definition.id,
          processDefinitionKey: definition.key,
          activityId: d.activityId,
          jobType: d.jobType,
          jobConfiguration: d.configuration,
          suspensionState: SUSPENSION.active,
          overridingJobPriority: null,
          tenantId: definition.tenantId,
          deploymentId: definition.deploymentId,
        }),
      );
    }
  }
  return out;
}

import { EntityManager } from 'typeorm';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { insertRows } from '../../persistence/raw-rows';
import { newId } from '../util/ids';
import { FAILED_EXTERNAL_TASK } from './external-task-types';

function retriesLeft(retries: number | null): boolean {
  return retries == null || retries > 0;
}

/**
 * Camunda's setRetriesAndManageIncidents: running out of retries opens a failedExternalTask incident
 * (configuration = the task id, message = the task's last error message); getting retries back
 * resolves it. Returns true when the task became fetchable again (long polls may want to know).
 */
export async function setRetriesAndManageIncidents(em: EntityManager, task: ExternalTaskEntity, retries: number, now: Date): Promise<boolean> {
  const before = retriesLeft(task.retries);
  task.retries = retries;
  if (before && retries <= 0) {
    const id = newId();
    // A new incident is its own cause and root cause, as in Camunda.
    await insertRows(em, IncidentEntity, [{
      id, rev: 1, incidentTimestamp: now, incidentMessage: task.errorMessage, incidentType: FAILED_EXTERNAL_TASK,
      executionId: task.executionId, activityId: task.activityId, failedActivityId: task.activityId, processInstanceId: task.processInstanceId,
      processDefinitionId: task.processDefinitionId, causeIncidentId: id, rootCauseIncidentId: id, configuration: task.id,
      tenantId: task.tenantId, jobDefinitionId: null, annotation: null,
    }]);
    return false;
  }
  if (!before && retries > 0) {
    await em.query('DELETE FROM act_ru_incident WHERE configuration = ? AND incident_type = ?', [task.id, FAILED_EXTERNAL_TASK]);
    return true;
  }
  return false;
}

import { Identity1763700000000 } from './1763700000000-identity';
import { Repository1763710000000 } from './1763710000000-repository';
import { DecisionHistory1763720000000 } from './1763720000000-decision-history';
import { Runtime1763730000000 } from './1763730000000-runtime';
import { ExternalTaskFetchOrder1763745000000 } from './1763745000000-external-task-fetch-order';
import { EventsJobs1763750000000 } from './1763750000000-events-jobs';
import { TaskComments1763760000000 } from './1763760000000-task-comments';
import { Filters1763770000000 } from './1763770000000-filters';
import { Batches1763786000000 } from './1763786000000-batches';
import { HistoryVariablesTasksIncidents1763800000000 } from './1763800000000-history-variables-tasks-incidents';
import { HistoryLogs1763810000000 } from './1763810000000-history-logs';
import { ListIndexes1763820000000 } from './1763820000000-list-indexes';
import { ActivityIndexPairs1763830000000 } from './1763830000000-activity-index-pairs';
import { HistoricIdentityLinks1763840000000 } from './1763840000000-historic-identity-links';
import { EngineMetrics1763841000000 } from './1763841000000-engine-metrics';
import { JobDefinitions1763842000000 } from './1763842000000-job-definitions';
import { TaskAttachments1763843300000 } from './1763843300000-task-attachments';
import { TenantsLoginThrottling1763845000000 } from './1763845000000-tenants-login-throttling';

/** Every migration in order; TypeORM runs the ones a database has not seen yet at start-up. */
export const MIGRATIONS = [
  Identity1763700000000,
  Repository1763710000000,
  DecisionHistory1763720000000,
  Runtime1763730000000,
  ExternalTaskFetchOrder1763745000000,
  EventsJobs1763750000000,
  TaskComments1763760000000,
  Filters1763770000000,
  Batches1763786000000,
  HistoryVariablesTasksIncidents1763800000000,
  HistoryLogs1763810000000,
  ListIndexes1763820000000,
  ActivityIndexPairs1763830000000,
  HistoricIdentityLinks1763840000000,
  EngineMetrics1763841000000,
  JobDefinitions1763842000000,
  TaskAttachments1763843300000,
  TenantsLoginThrottling1763845000000,
];

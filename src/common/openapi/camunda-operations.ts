/**
 * Every operation of Camunda 7's engine REST API (the engine-rest OpenAPI templates of camunda-bpm-platform, 7.24
 * line): method, path below the engine's base path, Camunda's operationId and tag, tab-separated, one a line. The
 * OpenAPI document takes its operationIds and tags from here (`camunda-operation-ids.ts`), and the operations
 * coverage test (test/e2e/camunda-operations.e2e-spec.ts) checks each is routed and documented.
 */
export const CAMUNDA_OPERATIONS_TSV = String.raw`
GET	/authorization	queryAuthorizations	Authorization
OPTIONS	/authorization	availableOperationsAuthorization	Authorization
GET	/authorization/check	isUserAuthorized	Authorization
GET	/authorization/count	getAuthorizationCount	Authorization
POST	/authorization/create	createAuthorization	Authorization
DELETE	/authorization/{id}	deleteAuthorization	Authorization
GET	/authorization/{id}	getAuthorization	Authorization
OPTIONS	/authorization/{id}	availableOperationsAuthorizationInstance	Authorization
PUT	/authorization/{id}	updateAuthorization	Authorization
GET	/batch	getBatches	Batch
GET	/batch/count	getBatchesCount	Batch
GET	/batch/statistics	getBatchStatistics	Batch
GET	/batch/statistics/count	getBatchStatisticsCount	Batch
DELETE	/batch/{id}	deleteBatch	Batch
GET	/batch/{id}	getBatch	Batch
PUT	/batch/{id}/suspended	updateBatchSuspensionState	Batch
POST	/condition	evaluateCondition	Condition
GET	/decision-definition	getDecisionDefinitions	Decision Definition
GET	/decision-definition/count	getDecisionDefinitionsCount	Decision Definition
GET	/decision-definition/key/{key}	getDecisionDefinitionByKey	Decision Definition
GET	/decision-definition/key/{key}/diagram	getDecisionDefinitionDiagramByKey	Decision Definition
POST	/decision-definition/key/{key}/evaluate	evaluateDecisionByKey	Decision Definition
PUT	/decision-definition/key/{key}/history-time-to-live	updateHistoryTimeToLiveByDecisionDefinitionKey	Decision Definition
GET	/decision-definition/key/{key}/tenant-id/{tenant-id}	getDecisionDefinitionByKeyAndTenantId	Decision Definition
GET	/decision-definition/key/{key}/tenant-id/{tenant-id}/diagram	getDecisionDefinitionDiagramByKeyAndTenant	Decision Definition
POST	/decision-definition/key/{key}/tenant-id/{tenant-id}/evaluate	evaluateDecisionByKeyAndTenant	Decision Definition
PUT	/decision-definition/key/{key}/tenant-id/{tenant-id}/history-time-to-live	updateHistoryTimeToLiveByDecisionDefinitionKeyAndTenant	Decision Definition
GET	/decision-definition/key/{key}/tenant-id/{tenant-id}/xml	getDecisionDefinitionDmnXmlByKeyAndTenant	Decision Definition
GET	/decision-definition/key/{key}/xml	getDecisionDefinitionDmnXmlByKey	Decision Definition
GET	/decision-definition/{id}	getDecisionDefinitionById	Decision Definition
GET	/decision-definition/{id}/diagram	getDecisionDefinitionDiagram	Decision Definition
POST	/decision-definition/{id}/evaluate	evaluateDecisionById	Decision Definition
PUT	/decision-definition/{id}/history-time-to-live	updateHistoryTimeToLiveByDecisionDefinitionId	Decision Definition
GET	/decision-definition/{id}/xml	getDecisionDefinitionDmnXmlById	Decision Definition
GET	/decision-requirements-definition	getDecisionRequirementsDefinitions	Decision Requirements Definition
GET	/decision-requirements-definition/count	getDecisionRequirementsDefinitionsCount	Decision Requirements Definition
GET	/decision-requirements-definition/key/{key}	getDecisionRequirementsDefinitionByKey	Decision Requirements Definition
GET	/decision-requirements-definition/key/{key}/diagram	getDecisionRequirementsDefinitionDiagramByKey	Decision Requirements Definition
GET	/decision-requirements-definition/key/{key}/tenant-id/{tenant-id}	getDecisionRequirementsDefinitionByKeyAndTenantId	Decision Requirements Definition
GET	/decision-requirements-definition/key/{key}/tenant-id/{tenant-id}/diagram	getDecisionRequirementsDefinitionDiagramByKeyAndTenantId	Decision Requirements Definition
GET	/decision-requirements-definition/key/{key}/tenant-id/{tenant-id}/xml	getDecisionRequirementsDefinitionDmnXmlByKeyAndTenantId	Decision Requirements Definition
GET	/decision-requirements-definition/key/{key}/xml	getDecisionRequirementsDefinitionDmnXmlByKey	Decision Requirements Definition
GET	/decision-requirements-definition/{id}	getDecisionRequirementsDefinitionById	Decision Requirements Definition
GET	/decision-requirements-definition/{id}/diagram	getDecisionRequirementsDefinitionDiagramById	Decision Requirements Definition
GET	/decision-requirements-definition/{id}/xml	getDecisionRequirementsDefinitionDmnXmlById	Decision Requirements Definition
GET	/deployment	getDeployments	Deployment
GET	/deployment/count	getDeploymentsCount	Deployment
POST	/deployment/create	createDeployment	Deployment
GET	/deployment/registered	getRegisteredDeployments	Deployment
DELETE	/deployment/{id}	deleteDeployment	Deployment
GET	/deployment/{id}	getDeployment	Deployment
POST	/deployment/{id}/redeploy	redeploy	Deployment
GET	/deployment/{id}/resources	getDeploymentResources	Deployment
GET	/deployment/{id}/resources/{resourceId}	getDeploymentResource	Deployment
GET	/deployment/{id}/resources/{resourceId}/data	getDeploymentResourceData	Deployment
GET	/engine	getProcessEngineNames	Engine
GET	/event-subscription	getEventSubscriptions	Event Subscription
GET	/event-subscription/count	getEventSubscriptionsCount	Event Subscription
GET	/execution	getExecutions	Execution
POST	/execution	queryExecutions	Execution
GET	/execution/count	getExecutionsCount	Execution
POST	/execution/count	queryExecutionsCount	Execution
GET	/execution/{id}	getExecution	Execution
POST	/execution/{id}/create-incident	createIncident	Execution
GET	/execution/{id}/localVariables	getLocalExecutionVariables	Execution
POST	/execution/{id}/localVariables	modifyLocalExecutionVariables	Execution
DELETE	/execution/{id}/localVariables/{varName}	deleteLocalExecutionVariable	Execution
GET	/execution/{id}/localVariables/{varName}	getLocalExecutionVariable	Execution
PUT	/execution/{id}/localVariables/{varName}	putLocalExecutionVariable	Execution
GET	/execution/{id}/localVariables/{varName}/data	getLocalExecutionVariableBinary	Execution
POST	/execution/{id}/localVariables/{varName}/data	setLocalExecutionVariableBinary	Execution
GET	/execution/{id}/messageSubscriptions/{messageName}	getMessageEventSubscription	Execution
POST	/execution/{id}/messageSubscriptions/{messageName}/trigger	triggerEvent	Execution
POST	/execution/{id}/signal	signalExecution	Execution
GET	/external-task	getExternalTasks	External Task
POST	/external-task	queryExternalTasks	External Task
GET	/external-task/count	getExternalTasksCount	External Task
POST	/external-task/count	queryExternalTasksCount	External Task
POST	/external-task/fetchAndLock	fetchAndLock	External Task
PUT	/external-task/retries	setExternalTaskRetries	External Task
POST	/external-task/retries-async	setExternalTaskRetriesAsyncOperation	External Task
GET	/external-task/topic-names	getTopicNames	External Task
GET	/external-task/{id}	getExternalTask	External Task
POST	/external-task/{id}/bpmnError	handleExternalTaskBpmnError	External Task
POST	/external-task/{id}/complete	completeExternalTaskResource	External Task
GET	/external-task/{id}/errorDetails	getExternalTaskErrorDetails	External Task
POST	/external-task/{id}/extendLock	extendLock	External Task
POST	/external-task/{id}/failure	handleFailure	External Task
POST	/external-task/{id}/lock	lock	External Task
PUT	/external-task/{id}/priority	setExternalTaskResourcePriority	External Task
PUT	/external-task/{id}/retries	setExternalTaskResourceRetries	External Task
POST	/external-task/{id}/unlock	unlock	External Task
GET	/filter	getFilterList	Filter
OPTIONS	/filter	filterResourceOptions	Filter
GET	/filter/count	getFilterCount	Filter
POST	/filter/create	createFilter	Filter
DELETE	/filter/{id}	deleteFilter	Filter
GET	/filter/{id}	getSingleFilter	Filter
OPTIONS	/filter/{id}	filterResourceOptionsSingle	Filter
PUT	/filter/{id}	updateFilter	Filter
GET	/filter/{id}/count	executeFilterCount	Filter
POST	/filter/{id}/count	postExecuteFilterCount	Filter
GET	/filter/{id}/list	executeFilterList	Filter
POST	/filter/{id}/list	postExecuteFilterList	Filter
GET	/filter/{id}/singleResult	executeFilterSingleResult	Filter
POST	/filter/{id}/singleResult	postExecuteFilterSingleResult	Filter
GET	/group	getQueryGroups	Group
OPTIONS	/group	availableGroupOperations	Group
POST	/group	postQueryGroups	Group
GET	/group/count	getGroupCount	Group
POST	/group/count	queryGroupCount	Group
POST	/group/create	createGroup	Group
DELETE	/group/{id}	deleteGroup	Group
GET	/group/{id}	getGroup	Group
OPTIONS	/group/{id}	availableGroupInstanceOperations	Group
PUT	/group/{id}	updateGroup	Group
OPTIONS	/group/{id}/members	availableGroupMembersOperations	Group
DELETE	/group/{id}/members/{userId}	deleteGroupMember	Group
PUT	/group/{id}/members/{userId}	createGroupMember	Group
GET	/history/activity-instance	getHistoricActivityInstances	Historic Activity Instance
POST	/history/activity-instance	queryHistoricActivityInstances	Historic Activity Instance
GET	/history/activity-instance/count	getHistoricActivityInstancesCount	Historic Activity Instance
POST	/history/activity-instance/count	queryHistoricActivityInstancesCount	Historic Activity Instance
GET	/history/activity-instance/{id}	getHistoricActivityInstance	Historic Activity Instance
GET	/history/batch	getHistoricBatches	Historic Batch
GET	/history/batch/cleanable-batch-report	getCleanableHistoricBatchesReport	Historic Batch
GET	/history/batch/cleanable-batch-report/count	getCleanableHistoricBatchesReportCount	Historic Batch
GET	/history/batch/count	getHistoricBatchesCount	Historic Batch
POST	/history/batch/set-removal-time	setRemovalTimeAsyncHistoricBatch	Historic Batch
DELETE	/history/batch/{id}	deleteHistoricBatch	Historic Batch
GET	/history/batch/{id}	getHistoricBatch	Historic Batch
POST	/history/cleanup	cleanupAsync	History Cleanup
GET	/history/cleanup/configuration	getHistoryCleanupConfiguration	History Cleanup
GET	/history/cleanup/job	findCleanupJob	History Cleanup
GET	/history/cleanup/jobs	findCleanupJobs	History Cleanup
GET	/history/decision-definition/cleanable-decision-instance-report	getCleanableHistoricDecisionInstanceReport	Historic Decision Definition
GET	/history/decision-definition/cleanable-decision-instance-report/count	getCleanableHistoricDecisionInstanceReportCount	Historic Decision Definition
GET	/history/decision-instance	getHistoricDecisionInstances	Historic Decision Instance
GET	/history/decision-instance/count	getHistoricDecisionInstancesCount	Historic Decision Instance
POST	/history/decision-instance/delete	deleteAsync	Historic Decision Instance
POST	/history/decision-instance/set-removal-time	setRemovalTimeAsyncHistoricDecisionInstance	Historic Decision Instance
GET	/history/decision-instance/{id}	getHistoricDecisionInstance	Historic Decision Instance
GET	/history/decision-requirements-definition/{id}/statistics	getDecisionStatistics	Historic Decision Requirements Definition
GET	/history/detail	getHistoricDetails	Historic Detail
POST	/history/detail	queryHistoricDetails	Historic Detail
GET	/history/detail/count	getHistoricDetailsCount	Historic Detail
GET	/history/detail/{id}	historicDetail	Historic Detail
GET	/history/detail/{id}/data	historicDetailBinary	Historic Detail
GET	/history/external-task-log	getHistoricExternalTaskLogs	Historic External Task Log
POST	/history/external-task-log	queryHistoricExternalTaskLogs	Historic External Task Log
GET	/history/external-task-log/count	getHistoricExternalTaskLogsCount	Historic External Task Log
POST	/history/external-task-log/count	queryHistoricExternalTaskLogsCount	Historic External Task Log
GET	/history/external-task-log/{id}	getHistoricExternalTaskLog	Historic External Task Log
GET	/history/external-task-log/{id}/error-details	getErrorDetailsHistoricExternalTaskLog	Historic External Task Log
GET	/history/identity-link-log	getHistoricIdentityLinks	Historic Identity Link Log
GET	/history/identity-link-log/count	getHistoricIdentityLinksCount	Historic Identity Link Log
GET	/history/incident	getHistoricIncidents	Historic Incident
GET	/history/incident/count	getHistoricIncidentsCount	Historic Incident
GET	/history/job-log	getHistoricJobLogs	Historic Job Log
POST	/history/job-log	queryHistoricJobLogs	Historic Job Log
GET	/history/job-log/count	getHistoricJobLogsCount	Historic Job Log
POST	/history/job-log/count	queryHistoricJobLogsCount	Historic Job Log
GET	/history/job-log/{id}	getHistoricJobLog	Historic Job Log
GET	/history/job-log/{id}/stacktrace	getStacktraceHistoricJobLog	Historic Job Log
GET	/history/process-definition/cleanable-process-instance-report	getCleanableHistoricProcessInstanceReport	Historic Process Definition
GET	/history/process-definition/cleanable-process-instance-report/count	getCleanableHistoricProcessInstanceReportCount	Historic Process Definition
GET	/history/process-definition/{id}/statistics	getHistoricActivityStatistics	Historic Process Definition
GET	/history/process-instance	getHistoricProcessInstances	Historic Process Instance
POST	/history/process-instance	queryHistoricProcessInstances	Historic Process Instance
GET	/history/process-instance/count	getHistoricProcessInstancesCount	Historic Process Instance
POST	/history/process-instance/count	queryHistoricProcessInstancesCount	Historic Process Instance
POST	/history/process-instance/delete	deleteHistoricProcessInstancesAsync	Historic Process Instance
GET	/history/process-instance/report	getHistoricProcessInstanceDurationReport	Historic Process Instance
POST	/history/process-instance/set-removal-time	setRemovalTimeAsync	Historic Process Instance
DELETE	/history/process-instance/{id}	deleteHistoricProcessInstance	Historic Process Instance
GET	/history/process-instance/{id}	getHistoricProcessInstance	Historic Process Instance
DELETE	/history/process-instance/{id}/variable-instances	deleteHistoricVariableInstancesOfHistoricProcessInstance	Historic Process Instance
GET	/history/task	getHistoricTaskInstances	Historic Task Instance
POST	/history/task	queryHistoricTaskInstances	Historic Task Instance
GET	/history/task/count	getHistoricTaskInstancesCount	Historic Task Instance
POST	/history/task/count	queryHistoricTaskInstancesCount	Historic Task Instance
GET	/history/task/report	getHistoricTaskInstanceReport	Historic Task Instance
GET	/history/user-operation	queryUserOperationEntries	Historic User Operation Log
GET	/history/user-operation/count	queryUserOperationCount	Historic User Operation Log
PUT	/history/user-operation/{operationId}/clear-annotation	clearAnnotationUserOperationLog	Historic User Operation Log
PUT	/history/user-operation/{operationId}/set-annotation	setAnnotationUserOperationLog	Historic User Operation Log
GET	/history/variable-instance	getHistoricVariableInstances	Historic Variable Instance
POST	/history/variable-instance	queryHistoricVariableInstances	Historic Variable Instance
GET	/history/variable-instance/count	getHistoricVariableInstancesCount	Historic Variable Instance
POST	/history/variable-instance/count	queryHistoricVariableInstancesCount	Historic Variable Instance
DELETE	/history/variable-instance/{id}	deleteHistoricVariableInstance	Historic Variable Instance
GET	/history/variable-instance/{id}	getHistoricVariableInstance	Historic Variable Instance
GET	/history/variable-instance/{id}/data	getHistoricVariableInstanceBinary	Historic Variable Instance
GET	/identity/groups	getGroupInfo	Identity
GET	/identity/password-policy	getPasswordPolicy	Identity
POST	/identity/password-policy	checkPassword	Identity
POST	/identity/verify	verifyUser	Identity
GET	/incident	getIncidents	Incident
GET	/incident/count	getIncidentsCount	Incident
DELETE	/incident/{id}	resolveIncident	Incident
GET	/incident/{id}	getIncident	Incident
DELETE	/incident/{id}/annotation	clearIncidentAnnotation	Incident
PUT	/incident/{id}/annotation	setIncidentAnnotation	Incident
GET	/job	getJobs	Job
POST	/job	queryJobs	Job
GET	/job-definition	getJobDefinitions	Job Definition
POST	/job-definition	queryJobDefinitions	Job Definition
GET	/job-definition/count	getJobDefinitionsCount	Job Definition
POST	/job-definition/count	queryJobDefinitionsCount	Job Definition
PUT	/job-definition/suspended	updateSuspensionStateJobDefinitions	Job Definition
GET	/job-definition/{id}	getJobDefinition	Job Definition
PUT	/job-definition/{id}/jobPriority	setJobPriorityJobDefinition	Job Definition
PUT	/job-definition/{id}/retries	setJobRetriesJobDefinition	Job Definition
PUT	/job-definition/{id}/suspended	updateSuspensionStateJobDefinition	Job Definition
GET	/job/count	getJobsCount	Job
POST	/job/count	queryJobsCount	Job
POST	/job/retries	setJobRetriesAsyncOperation	Job
PUT	/job/suspended	updateSuspensionStateBy	Job
DELETE	/job/{id}	deleteJob	Job
GET	/job/{id}	getJob	Job
PUT	/job/{id}/duedate	setJobDuedate	Job
POST	/job/{id}/duedate/recalculate	recalculateDuedate	Job
POST	/job/{id}/execute	executeJob	Job
PUT	/job/{id}/priority	setJobPriority	Job
PUT	/job/{id}/retries	setJobRetries	Job
GET	/job/{id}/stacktrace	getStacktrace	Job
PUT	/job/{id}/suspended	updateJobSuspensionState	Job
POST	/message	deliverMessage	Message
GET	/metrics	interval	Metrics
DELETE	/metrics/task-worker	deleteTaskMetrics	Metrics
GET	/metrics/{metrics-name}/sum	getMetrics	Metrics
POST	/migration/execute	executeMigrationPlan	Migration
POST	/migration/executeAsync	executeMigrationPlanAsync	Migration
POST	/migration/generate	generateMigrationPlan	Migration
POST	/migration/validate	validateMigrationPlan	Migration
POST	/modification/execute	executeModification	Modification
POST	/modification/executeAsync	executeModificationAsync	Modification
GET	/process-definition	getProcessDefinitions	Process Definition
GET	/process-definition/count	getProcessDefinitionsCount	Process Definition
DELETE	/process-definition/key/{key}	deleteProcessDefinitionsByKey	Process Definition
GET	/process-definition/key/{key}	getProcessDefinitionByKey	Process Definition
GET	/process-definition/key/{key}/deployed-start-form	getDeployedStartFormByKey	Process Definition
GET	/process-definition/key/{key}/diagram	getProcessDefinitionDiagramByKey	Process Definition
GET	/process-definition/key/{key}/form-variables	getStartFormVariablesByKey	Process Definition
PUT	/process-definition/key/{key}/history-time-to-live	updateHistoryTimeToLiveByProcessDefinitionKey	Process Definition
GET	/process-definition/key/{key}/rendered-form	getRenderedStartFormByKey	Process Definition
POST	/process-definition/key/{key}/start	startProcessInstanceByKey	Process Definition
GET	/process-definition/key/{key}/startForm	getStartFormByKey	Process Definition
GET	/process-definition/key/{key}/statistics	getActivityStatisticsByProcessDefinitionKey	Process Definition
POST	/process-definition/key/{key}/submit-form	submitFormByKey	Process Definition
PUT	/process-definition/key/{key}/suspended	updateProcessDefinitionSuspensionStateByKey	Process Definition
DELETE	/process-definition/key/{key}/tenant-id/{tenant-id}	deleteProcessDefinitionsByKeyAndTenantId	Process Definition
GET	/process-definition/key/{key}/tenant-id/{tenant-id}	getLatestProcessDefinitionByTenantId	Process Definition
GET	/process-definition/key/{key}/tenant-id/{tenant-id}/deployed-start-form	getDeployedStartFormByKeyAndTenantId	Process Definition
GET	/process-definition/key/{key}/tenant-id/{tenant-id}/diagram	getProcessDefinitionDiagramByKeyAndTenantId	Process Definition
GET	/process-definition/key/{key}/tenant-id/{tenant-id}/form-variables	getStartFormVariablesByKeyAndTenantId	Process Definition
PUT	/process-definition/key/{key}/tenant-id/{tenant-id}/history-time-to-live	updateHistoryTimeToLiveByProcessDefinitionKeyAndTenantId	Process Definition
GET	/process-definition/key/{key}/tenant-id/{tenant-id}/rendered-form	getRenderedStartFormByKeyAndTenantId	Process Definition
POST	/process-definition/key/{key}/tenant-id/{tenant-id}/start	startProcessInstanceByKeyAndTenantId	Process Definition
GET	/process-definition/key/{key}/tenant-id/{tenant-id}/startForm	getStartFormByKeyAndTenantId	Process Definition
GET	/process-definition/key/{key}/tenant-id/{tenant-id}/statistics	getActivityStatisticsByProcessDefinitionKeyAndTenantId	Process Definition
POST	/process-definition/key/{key}/tenant-id/{tenant-id}/submit-form	submitFormByKeyAndTenantId	Process Definition
PUT	/process-definition/key/{key}/tenant-id/{tenant-id}/suspended	updateProcessDefinitionSuspensionStateByKeyAndTenantId	Process Definition
GET	/process-definition/key/{key}/tenant-id/{tenant-id}/xml	getProcessDefinitionBpmn20XmlByKeyAndTenantId	Process Definition
GET	/process-definition/key/{key}/xml	getProcessDefinitionBpmn20XmlByKey	Process Definition
GET	/process-definition/statistics	getProcessDefinitionStatistics	Process Definition
PUT	/process-definition/suspended	updateProcessDefinitionSuspensionState	Process Definition
DELETE	/process-definition/{id}	deleteProcessDefinition	Process Definition
GET	/process-definition/{id}	getProcessDefinition	Process Definition
GET	/process-definition/{id}/deployed-start-form	getDeployedStartForm	Process Definition
GET	/process-definition/{id}/diagram	getProcessDefinitionDiagram	Process Definition
GET	/process-definition/{id}/form-variables	getStartFormVariables	Process Definition
PUT	/process-definition/{id}/history-time-to-live	updateHistoryTimeToLiveByProcessDefinitionId	Process Definition
GET	/process-definition/{id}/rendered-form	getRenderedStartForm	Process Definition
POST	/process-definition/{id}/restart	restartProcessInstance	Process Definition
POST	/process-definition/{id}/restart-async	restartProcessInstanceAsyncOperation	Process Definition
POST	/process-definition/{id}/start	startProcessInstance	Process Definition
GET	/process-definition/{id}/startForm	getStartForm	Process Definition
GET	/process-definition/{id}/static-called-process-definitions	getStaticCalledProcessDefinitions	Process Definition
GET	/process-definition/{id}/statistics	getActivityStatistics	Process Definition
POST	/process-definition/{id}/submit-form	submitForm	Process Definition
PUT	/process-definition/{id}/suspended	updateProcessDefinitionSuspensionStateById	Process Definition
GET	/process-definition/{id}/xml	getProcessDefinitionBpmn20Xml	Process Definition
GET	/process-instance	getProcessInstances	Process Instance
POST	/process-instance	queryProcessInstances	Process Instance
GET	/process-instance/count	getProcessInstancesCount	Process Instance
POST	/process-instance/count	queryProcessInstancesCount	Process Instance
POST	/process-instance/delete	deleteProcessInstancesAsyncOperation	Process Instance
POST	/process-instance/delete-historic-query-based	deleteAsyncHistoricQueryBased	Process Instance
POST	/process-instance/job-retries	setRetriesByProcess	Process Instance
POST	/process-instance/job-retries-historic-query-based	setRetriesByProcessHistoricQueryBased	Process Instance
POST	/process-instance/message-async	correlateMessageAsyncOperation	Process Instance
PUT	/process-instance/suspended	updateSuspensionState	Process Instance
POST	/process-instance/suspended-async	updateSuspensionStateAsyncOperation	Process Instance
POST	/process-instance/variables-async	setVariablesAsyncOperation	Process Instance
DELETE	/process-instance/{id}	deleteProcessInstance	Process Instance
GET	/process-instance/{id}	getProcessInstance	Process Instance
GET	/process-instance/{id}/activity-instances	getActivityInstanceTree	Process Instance
DELETE	/process-instance/{id}/comment	deleteProcessInstanceComments	Process Instance Comment
GET	/process-instance/{id}/comment	getProcessInstanceComments	Process Instance Comment
PUT	/process-instance/{id}/comment	updateProcessInstanceComment	Process Instance Comment
DELETE	/process-instance/{id}/comment/{commentId}	deleteProcessInstanceComment	Process Instance Comment
POST	/process-instance/{id}/modification	modifyProcessInstance	Process Instance
POST	/process-instance/{id}/modification-async	modifyProcessInstanceAsyncOperation	Process Instance
PUT	/process-instance/{id}/suspended	updateSuspensionStateById	Process Instance
GET	/process-instance/{id}/variables	getProcessInstanceVariables	Process Instance
POST	/process-instance/{id}/variables	modifyProcessInstanceVariables	Process Instance
DELETE	/process-instance/{id}/variables/{varName}	deleteProcessInstanceVariable	Process Instance
GET	/process-instance/{id}/variables/{varName}	getProcessInstanceVariable	Process Instance
PUT	/process-instance/{id}/variables/{varName}	setProcessInstanceVariable	Process Instance
GET	/process-instance/{id}/variables/{varName}/data	getProcessInstanceVariableBinary	Process Instance
POST	/process-instance/{id}/variables/{varName}/data	setProcessInstanceVariableBinary	Process Instance
GET	/schema/log	getSchemaLog	Schema Log
POST	/schema/log	querySchemaLog	Schema Log
POST	/signal	throwSignal	Signal
GET	/task	getTasks	Task
POST	/task	queryTasks	Task
GET	/task/count	getTasksCount	Task
POST	/task/count	queryTasksCount	Task
POST	/task/create	createTask	Task
GET	/task/report/candidate-group-count	getTaskCountByCandidateGroup	Task
DELETE	/task/{id}	deleteTask	Task
GET	/task/{id}	getTask	Task
PUT	/task/{id}	updateTask	Task
POST	/task/{id}/assignee	setAssignee	Task
GET	/task/{id}/attachment	getAttachments	Task Attachment
POST	/task/{id}/attachment/create	addAttachment	Task Attachment
DELETE	/task/{id}/attachment/{attachmentId}	deleteAttachment	Task Attachment
GET	/task/{id}/attachment/{attachmentId}	getAttachment	Task Attachment
GET	/task/{id}/attachment/{attachmentId}/data	getAttachmentData	Task Attachment
POST	/task/{id}/bpmnError	handleBpmnError	Task
POST	/task/{id}/bpmnEscalation	handleEscalation	Task
POST	/task/{id}/claim	claim	Task
DELETE	/task/{id}/comment	deleteTaskComments	Task Comment
GET	/task/{id}/comment	getComments	Task Comment
PUT	/task/{id}/comment	updateTaskComment	Task Comment
POST	/task/{id}/comment/create	createComment	Task Comment
DELETE	/task/{id}/comment/{commentId}	deleteTaskComment	Task Comment
GET	/task/{id}/comment/{commentId}	getComment	Task Comment
POST	/task/{id}/complete	complete	Task
POST	/task/{id}/delegate	delegateTask	Task
GET	/task/{id}/deployed-form	getDeployedForm	Task
GET	/task/{id}/form	getForm	Task
GET	/task/{id}/form-variables	getFormVariables	Task
GET	/task/{id}/identity-links	getIdentityLinks	Task Identity Link
POST	/task/{id}/identity-links	addIdentityLink	Task Identity Link
POST	/task/{id}/identity-links/delete	deleteIdentityLink	Task Identity Link
GET	/task/{id}/localVariables	getTaskLocalVariables	Task Local Variable
POST	/task/{id}/localVariables	modifyTaskLocalVariables	Task Local Variable
DELETE	/task/{id}/localVariables/{varName}	deleteTaskLocalVariable	Task Local Variable
GET	/task/{id}/localVariables/{varName}	getTaskLocalVariable	Task Local Variable
PUT	/task/{id}/localVariables/{varName}	putTaskLocalVariable	Task Local Variable
GET	/task/{id}/localVariables/{varName}/data	getTaskLocalVariableBinary	Task Local Variable
POST	/task/{id}/localVariables/{varName}/data	setBinaryTaskLocalVariable	Task Local Variable
GET	/task/{id}/rendered-form	getRenderedForm	Task
POST	/task/{id}/resolve	resolve	Task
POST	/task/{id}/submit-form	submit	Task
POST	/task/{id}/unclaim	unclaim	Task
GET	/task/{id}/variables	getTaskVariables	Task Variable
POST	/task/{id}/variables	modifyTaskVariables	Task Variable
DELETE	/task/{id}/variables/{varName}	deleteTaskVariable	Task Variable
GET	/task/{id}/variables/{varName}	getTaskVariable	Task Variable
PUT	/task/{id}/variables/{varName}	putTaskVariable	Task Variable
GET	/task/{id}/variables/{varName}/data	getTaskVariableBinary	Task Variable
POST	/task/{id}/variables/{varName}/data	setBinaryTaskVariable	Task Variable
GET	/telemetry/configuration	getTelemetryConfiguration	Telemetry
POST	/telemetry/configuration	configureTelemetry	Telemetry
GET	/telemetry/data	getTelemetryData	Telemetry
GET	/tenant	queryTenants	Tenant
OPTIONS	/tenant	availableTenantResourceOperations	Tenant
GET	/tenant/count	getTenantCount	Tenant
POST	/tenant/create	createTenant	Tenant
DELETE	/tenant/{id}	deleteTenant	Tenant
GET	/tenant/{id}	getTenant	Tenant
OPTIONS	/tenant/{id}	availableTenantInstanceOperations	Tenant
PUT	/tenant/{id}	updateTenant	Tenant
OPTIONS	/tenant/{id}/group-members	availableTenantGroupMembersOperations	Tenant
DELETE	/tenant/{id}/group-members/{groupId}	deleteGroupMembership	Tenant
PUT	/tenant/{id}/group-members/{groupId}	createGroupMembership	Tenant
OPTIONS	/tenant/{id}/user-members	availableTenantUserMembersOperations	Tenant
DELETE	/tenant/{id}/user-members/{userId}	deleteUserMembership	Tenant
PUT	/tenant/{id}/user-members/{userId}	createUserMembership	Tenant
GET	/user	getUsers	User
OPTIONS	/user	availableOperations	User
GET	/user/count	getUserCount	User
POST	/user/create	createUser	User
DELETE	/user/{id}	deleteUser	User
OPTIONS	/user/{id}	availableUserOperations	User
PUT	/user/{id}/credentials	updateCredentials	User
GET	/user/{id}/profile	getUserProfile	User
PUT	/user/{id}/profile	updateProfile	User
POST	/user/{id}/unlock	unlockUser	User
GET	/variable-instance	getVariableInstances	Variable Instance
POST	/variable-instance	queryVariableInstances	Variable Instance
GET	/variable-instance/count	getVariableInstancesCount	Variable Instance
POST	/variable-instance/count	queryVariableInstancesCount	Variable Instance
GET	/variable-instance/{id}	getVariableInstance	Variable Instance
GET	/variable-instance/{id}/data	getVariableInstanceBinary	Variable Instance
GET	/version	getRestAPIVersion	Version
`;

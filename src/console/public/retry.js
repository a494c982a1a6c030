import { put, seg } from './api.js';

/**
 * Retrying an incident gives its failed job or external task one retry again, as Cockpit does; the
 * incident is resolved by that. Incidents of other types have nothing to retry.
 */
export function retryable(incident) {
  return (
    (incident.incidentType === 'failedJob' || incident.incidentType === 'failedExternalTask') &&
    !!incident.configuration
  );
}

export async function retryIncident(incident) {
  const path = incident.incidentType === 'failedJob' ? 'job' : 'external-task';
  await put(`/${path}/${seg(incident.configuration)}/retries`, { retries: 1 });
}

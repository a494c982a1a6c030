/** What a caller saves as a filter; `query` and `properties` are JSON objects, stored as text. */
export interface FilterData {
  resourceType: string | null;
  name: string | null;
  owner: string | null;
  query: Record<string, unknown> | null;
  properties: Record<string, unknown> | null;
}

/** A saved filter as the engine hands it out. */
export interface Filter {
  id: string;
  resourceType: string;
  name: string;
  owner: string | null;
  query: Record<string, unknown>;
  properties: Record<string, unknown> | null;
}

/** Camunda's filters know one resource type only. */
export const TASK_FILTER = 'Task';

import { ValidationError } from 'class-validator';
import { RestError } from '../errors/rest-error';
import { wrongType } from '../http/json-body';
import { JSON_TYPE, REQUIRED } from './body-fields';

interface Found {
  path: string;
  error: ValidationError;
}

function childPath(parent: string, property: string): string {
  if (!parent) return property;
  return /^\d+$/.test(property) ? `${parent}[${property}]` : `${parent}.${property}`;
}

/** The first field with a broken rule, depth first: Jackson stops at the first problem too. */
function firstBroken(errors: ValidationError[], parent: string): Found | null {
  for (const error of errors) {
    const path = childPath(parent, error.property);
    if (error.constraints?.[REQUIRED] || error.constraints?.[JSON_TYPE]) return { path, error };
    const nested = firstBroken(error.children ?? [], path);
    if (nested) return nested;
    if (error.constraints && Object.keys(error.constraints).length) return { path, error };
  }
  return null;
}

/**
 * ValidationPipe's exceptionFactory: Camunda's `{type, message, code}` with InvalidRequestException,
 * worded as the services worded the same refusals before the pipe took them over.
 */
export function invalidBody(errors: ValidationError[]): RestError {
  const found = firstBroken(errors, '');
  if (!found) return new RestError(400, 'Invalid request body');
  const { path, error } = found;
  const constraints = error.constraints ?? {};
  if (constraints[REQUIRED]) return new RestError(400, constraints[REQUIRED]);
  if (constraints[JSON_TYPE]) return wrongType(path, constraints[JSON_TYPE], error.value);
  return new RestError(400, `Cannot deserialize property '${path}': ${Object.values(constraints)[0]}`);
}

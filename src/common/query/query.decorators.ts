import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiBody, ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';
import { parseGetQuery, parsePostQuery } from './parse-query';
import { ParamType, QuerySpec } from './query-spec';

const SCHEMA: Record<ParamType, object> = {
  string: { type: 'string' },
  stringList: { type: 'array', items: { type: 'string' } },
  int: { type: 'integer', format: 'int32' },
  long: { type: 'integer', format: 'int64' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date-time', example: '2026-01-23T14:42:45.000+0000' },
  variables: {
    type: 'array',
    items: { type: 'object', properties: { name: { type: 'string' }, operator: { type: 'string' }, value: {} } },
  },
  object: { type: 'object' },
  scalar: {},
};

function getSchema(type: ParamType): object {
  // On GET, lists are comma separated and variable filters are `name_op_value` triples.
  return type === 'stringList' || type === 'variables' ? { type: 'string' } : SCHEMA[type];
}

/** Swagger: every query-string parameter of a GET list or count endpoint. */
export function ApiQuerySpec(spec: QuerySpec, options: { sorting?: boolean; paging?: boolean; extra?: string[] } = {}) {
  const decorators = Object.entries(spec.params).map(([name, def]) =>
    ApiQuery({ name, required: false, schema: getSchema(def.type), description: def.description }),
  );
  if (options.sorting !== false) {
    decorators.push(
      ApiQuery({ name: 'sortBy', required: false, enum: Object.keys(spec.sortBy) }),
      ApiQuery({ name: 'sortOrder', required: false, enum: ['asc', 'desc'] }),
    );
  }
  if (options.paging !== false) decorators.push(...pagingQueries());
  return applyDecorators(...decorators);
}

export function pagingQueries() {
  return [
    ApiQuery({ name: 'firstResult', required: false, schema: { type: 'integer' } }),
    ApiQuery({ name: 'maxResults', required: false, schema: { type: 'integer' } }),
  ];
}

/** Swagger: the JSON body of a POST list or count endpoint. */
export function ApiBodySpec(spec: QuerySpec, options: { sorting?: boolean; paging?: boolean } = {}) {
  const properties: Record<string, object> = {};
  for (const [name, def] of Object.entries(spec.params)) properties[name] = SCHEMA[def.type];
  if (options.sorting !== false) {
    properties.sorting = {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          sortBy: {
            type: 'string',
            enum: [...Object.keys(spec.sortBy), ...Object.keys(spec.parameterizedSorts ?? {})],
          },
          sortOrder: { type: 'string', enum: ['asc', 'desc'] },
          ...(spec.parameterizedSorts
            ? { parameters: { type: 'object', description: 'For variable sorts: {variable, type}' } }
            : {}),
        },
      },
    };
  }
  const decorators = [ApiBody({ required: false, schema: { type: 'object', properties } })];
  if (options.paging !== false && options.sorting !== false) decorators.push(...(pagingQueries() as MethodDecorator[]));
  return applyDecorators(...decorators);
}

/** The parsed GET query of a list (`sorting: true`) or count endpoint. */
export const GetQuery = createParamDecorator((data: { spec: QuerySpec; sorting: boolean }, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return parseGetQuery(data.spec, req.query as Record<string, unknown>, data.sorting);
});

export const PostQuery = createParamDecorator((data: { spec: QuerySpec; sorting: boolean }, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return parsePostQuery(data.spec, req.body, req.query as Record<string, unknown>, data.sorting);
});

export const ListQuery = (spec: QuerySpec) => GetQuery({ spec, sorting: true });
export const CountQuery = (spec: QuerySpec) => GetQuery({ spec, sorting: false });
export const ListBody = (spec: QuerySpec) => PostQuery({ spec, sorting: true });
export const CountBody = (spec: QuerySpec) => PostQuery({ spec, sorting: false });

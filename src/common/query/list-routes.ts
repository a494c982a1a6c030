import { Get, HttpCode, Post, Type } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { Auth } from '../auth/auth.decorator';
import { CountResultDto } from '../http/count-result.dto';
import { Authentication } from '../../engine/command/authentication';
import { ParsedQuery } from './parse-query';
import { QuerySpec } from './query-spec';
import { ApiBodySpec, ApiQuerySpec, CountBody, CountQuery, ListBody, ListQuery } from './query.decorators';
import { ListSource } from './resource-query';

/** GET list, POST list, GET count, POST count; the names are the handler methods' (and so the operationIds'). */
export type ListRoute = 'list' | 'query' | 'count' | 'queryCount';

/** What the routes document: a `QueryResource` serves as it is. */
export interface ListedRows {
  /** The DTO of one row, documented as the list response. */
  dto: Type<unknown>;
  spec: QuerySpec;
}

export interface ListRoutesOptions {
  /** Below the controller's path; the list sits at the controller's own path by default. */
  path?: string;
  /** Camunda offers POST only on some families; all four by default. */
  routes?: ListRoute[];
}

type Handler = (this: unknown, auth: Authentication | null, q: ParsedQuery) => Promise<unknown>;

/**
 * Declares a family's list and count routes on its controller:
 *
 * ```ts
 * @Controller('task')
 * @ListRoutes(TASK_LIST, (c: TaskController) => c.tasks.rows)
 * export class TaskController { ... @Get(':id') get(...) }
 * ```
 *
 * The routes are added on a subclass that keeps the controller's name (and so its operationIds).
 * Nest registers the most derived class's routes first, which keeps `count` from being taken for
 * an `:id` of the controller's own routes.
 */
export function ListRoutes<C>(
  rows: ListedRows,
  source: (controller: C) => ListSource<unknown>,
  options: ListRoutesOptions = {},
) {
  // TypeScript accepts a class as a mixin base only with an `any[]` constructor signature.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return <T extends new (...args: any[]) => C>(target: T): T => {
    const { dto, spec } = rows;
    const { path, routes = ['list', 'query', 'count', 'queryCount'] } = options;
    const countPath = path ? `${path}/count` : 'count';
    const handlers: Record<ListRoute, Handler> = {
      list(auth, q) {
        return source(this as C).list(auth, q);
      },
      query(auth, q) {
        return source(this as C).list(auth, q);
      },
      count(auth, q) {
        return source(this as C).count(auth, q);
      },
      queryCount(auth, q) {
        return source(this as C).count(auth, q);
      },
    };
    const declarations: Record<ListRoute, { decorators: MethodDecorator[]; params: ParameterDecorator[] }> = {
      list: {
        decorators: [Get(path), ApiQuerySpec(spec), ApiOkResponse({ type: [dto] })],
        params: [Auth(), ListQuery(spec)],
      },
      query: {
        decorators: [Post(path), HttpCode(200), ApiBodySpec(spec), ApiOkResponse({ type: [dto] })],
        params: [Auth(), ListBody(spec)],
      },
      count: {
        decorators: [
          Get(countPath),
          ApiQuerySpec(spec, { sorting: false, paging: false }),
          ApiOkResponse({ type: CountResultDto }),
        ],
        params: [Auth(), CountQuery(spec)],
      },
      queryCount: {
        decorators: [
          Post(countPath),
          HttpCode(200),
          ApiBodySpec(spec, { sorting: false }),
          ApiOkResponse({ type: CountResultDto }),
        ],
        params: [Auth(), CountBody(spec)],
      },
    };

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin base, as above
    class WithListRoutes extends (target as new (...args: any[]) => object) {}
    Object.defineProperty(WithListRoutes, 'name', { value: target.name });
    const proto = WithListRoutes.prototype;
    for (const route of routes) {
      // A handler of the controller's own under the same name would silently lose its route.
      if (route in target.prototype)
        throw new Error(`${target.name} already has a method '${route}'; ListRoutes declares it`);
      Object.defineProperty(proto, route, { value: handlers[route], writable: true, configurable: true });
      const { decorators, params } = declarations[route];
      params.forEach((param, index) => param(proto, route, index));
      // What tsc would emit for `(auth: Authentication | null, q: ParsedQuery)`.
      Reflect.defineMetadata('design:type', Function, proto, route);
      Reflect.defineMetadata('design:paramtypes', [Object, Object], proto, route);
      Reflect.decorate(decorators, proto, route, Object.getOwnPropertyDescriptor(proto, route));
    }
    return WithListRoutes as T;
  };
}

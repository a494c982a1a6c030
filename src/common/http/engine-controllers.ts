import { CanActivate, ExceptionFilter, PipeTransform, Type } from '@nestjs/common';
import { EXCEPTION_FILTERS_METADATA, GUARDS_METADATA, MODULE_METADATA, PIPES_METADATA } from '@nestjs/common/constants';

/** The controllers a module class declares (its static @Module metadata). */
export function controllersOf(module: Type<unknown>): Type<unknown>[] {
  return (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) as Type<unknown>[] | undefined) ?? [];
}

/** What an earlier call set (another app in the same process): replaced, not piled up. */
const ADDED = new WeakMap<Type<unknown>, Map<string, unknown[]>>();

function prepend(key: string, values: unknown[], target: Type<unknown>): void {
  const added = ADDED.get(target) ?? new Map<string, unknown[]>();
  ADDED.set(target, added);
  const before = added.get(key) ?? [];
  const own = ((Reflect.getMetadata(key, target) as unknown[] | undefined) ?? []).filter((v) => !before.includes(v));
  Reflect.defineMetadata(key, [...values, ...own], target);
  added.set(key, values);
}

/**
 * What `@UseFilters`, `@UseGuards` and `@UsePipes` on each engine controller would say, set from one place:
 * the Camunda error answers, the engine's authentication and body validation then hold for the engine's routes
 * only, whatever the host application registers globally. A controller's own filters still come first.
 */
export function scopeToControllers(
  controllers: Type<unknown>[],
  scope: { filters: ExceptionFilter[]; guards: (CanActivate | Type<CanActivate>)[]; pipes: PipeTransform[] },
): void {
  for (const controller of controllers) {
    prepend(EXCEPTION_FILTERS_METADATA, scope.filters, controller);
    prepend(GUARDS_METADATA, scope.guards, controller);
    prepend(PIPES_METADATA, scope.pipes, controller);
  }
}

import { HOST_OBJECT, HostObject, isHostObject, Lookup } from '../../expression';
import type { DelegateRegistry } from '../../options';

/** Names a bean method expression may not call: what every object has, not what the host wrote. */
const HIDDEN = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A registered host object inside expressions: its methods may be called (`${orderService.reserve(execution)}`), nothing else. */
export function beanHostObject(name: string, bean: object): HostObject {
  return {
    [HOST_OBJECT]: true,
    className: `class ${name}`,
    target: bean,
    property: (): Lookup => ({ found: false }),
    invoke(method, args): Lookup {
      const fn = (bean as Record<string, unknown>)[method];
      if (HIDDEN.has(method) || typeof fn !== 'function') return { found: false };
      const plain = args.map((a) => (isHostObject(a) && a.target !== undefined ? a.target : a));
      return { found: true, value: (fn as (...a: unknown[]) => unknown).apply(bean, plain) };
    },
  };
}

/** A registered object of this name, as expressions see it; undefined when none is registered. */
export function lookupBean(delegates: DelegateRegistry | null | undefined, name: string): HostObject | undefined {
  const bean = delegates?.get(name);
  return bean === undefined ? undefined : beanHostObject(name, bean);
}

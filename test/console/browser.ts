import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RESOURCE_MODULES } from '../../src/modules';

/**
 * Debian's Chromium for the console's browser tests. Without it they are skipped with a message, except where
 * REQUIRE_CHROMIUM is set (CI sets it): there a missing browser fails the run instead of passing it unseen.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env.REQUIRE_CHROMIUM)
  throw new Error(`REQUIRE_CHROMIUM is set but there is no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
if (!hasChromium)
  console.warn(
    `console browser tests skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH, or apt-get install chromium)`,
  );
export const describeInBrowser = hasChromium ? describe : describe.skip;

/** Waits for a value the browser's last action changes on the server. */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/**
 * Whether this build routes `METHOD path` (Nest's pattern, e.g. `process-instance/:id/modification`): the
 * console's pages for operations that are still being built are tested once their endpoint exists. Read from
 * the controllers' route metadata, because jest decides what to skip before any app is running.
 */
export function routed(method: keyof typeof RequestMethod, path: string): boolean {
  const seen = new Set<unknown>();
  const routes = new Set<string>();
  const visit = (module: unknown) => {
    if (!module || seen.has(module)) return;
    seen.add(module);
    for (const imported of Reflect.getMetadata(MODULE_METADATA.IMPORTS, module as object) ?? []) visit(imported);
    for (const controller of Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module as object) ?? []) {
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '').replace(/^\/|\/$/g, '');
      // Routes declared on a base class of the controller count too.
      const names = new Set<string>();
      for (let proto = controller.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto))
        Object.getOwnPropertyNames(proto).forEach((n) => names.add(n));
      for (const name of names) {
        const handler = controller.prototype[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '').replace(/^\/|\/$/g, '');
        routes.add(
          `${RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler)]} ${[base, sub].filter(Boolean).join('/')}`,
        );
      }
    }
  };
  RESOURCE_MODULES.forEach(visit);
  return routes.has(`${method} ${path}`);
}

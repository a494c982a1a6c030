import 'reflect-metadata';
import { Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { controllersOf } from '../../../src/common/http/engine-controllers';
import { UNREADABLE } from '../../../src/common/http/json-body';
import { BodyValidationPipe } from '../../../src/common/validation/body-validation.pipe';
import { FieldRule, fieldRulesOf } from '../../../src/common/validation/lean-body';
import { RESOURCE_MODULES } from '../../../src/modules';

/**
 * Jackson reads `null` for an optional property as if it were absent. This table is generated from the metadata:
 * every body class a controller route takes (Nest's route argument metadata and the parameter types TypeScript
 * records), every optional property of it and of its nested bodies; a new DTO or field is in it without a line here.
 */
type BodyClass = new () => object;
type Json = Record<string, unknown>;

/** Own and inherited: the list and count routes come from a base class the list resource makes. */
function methodNames(proto: object): Set<string> {
  const names = new Set<string>();
  for (let p = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p) as object)
    for (const name of Object.getOwnPropertyNames(p)) names.add(name);
  return names;
}

function bodyClassesOfRoutes(): Map<BodyClass, string> {
  const found = new Map<BodyClass, string>();
  for (const module of RESOURCE_MODULES) {
    for (const controller of controllersOf(module as Type<unknown>)) {
      const proto = controller.prototype as Record<string, unknown>;
      for (const method of methodNames(proto)) {
        if (method === 'constructor' || typeof proto[method] !== 'function') continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
          string,
          { index: number }
        >;
        const types = (Reflect.getMetadata('design:paramtypes', proto, method) ?? []) as unknown[];
        for (const [key, arg] of Object.entries(args)) {
          if (Number(key.split(':')[0]) !== RouteParamtypes.BODY) continue;
          const type = types[arg.index];
          if (typeof type === 'function' && fieldRulesOf(type).length > 0 && !found.has(type as BodyClass))
            found.set(type as BodyClass, `${controller.name}.${method}`);
        }
      }
    }
  }
  return found;
}

const SAMPLES: unknown[] = ['x', 1, true, ['x'], {}, [{}]];

/** A value the rule reads: the body of its nested class, or the first sample its JSON type accepts. */
function sampleFor(rule: FieldRule): unknown {
  if (rule.nested) return rule.each ? [fullBody(rule.nested())] : fullBody(rule.nested());
  const sample = SAMPLES.find((s) => rule.type.read(s) !== UNREADABLE);
  if (sample === undefined) throw new Error(`no sample value for ${rule.property} (${rule.type.expected})`);
  return sample;
}

/** Every property the REST layer requires, and every nested body (so that their own properties are in the table). */
function fullBody(type: BodyClass): Json {
  const body: Json = {};
  for (const rule of fieldRulesOf(type)) if (rule.required || rule.nested) body[rule.property] = sampleFor(rule);
  return body;
}

/** Paths (property names, and `[0]` into nested arrays) of every optional property, nested ones too. */
function optionalPaths(type: BodyClass, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [];
  for (const rule of fieldRulesOf(type)) {
    const path = [...prefix, rule.property];
    if (!rule.required) paths.push(path);
    if (rule.nested) paths.push(...optionalPaths(rule.nested(), rule.each ? [...path, 0] : path));
  }
  return paths;
}

/** A copy of the body with the property at `path` set to null, or removed. */
function withAt(body: Json, path: (string | number)[], value: null | 'removed'): Json {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (value === null) parent[last] = null;
  else delete parent[last];
  return copy;
}

function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return { class: value.constructor?.name, ...Object.fromEntries(entries.map(([k, v]) => [k, plain(v)])) };
  }
  return value;
}

const pipe = new BodyValidationPipe();

async function read(type: BodyClass, body: unknown): Promise<unknown> {
  try {
    return { ok: plain(await pipe.transform(body, { type: 'body', metatype: type })) };
  } catch (err) {
    const e = err as { getStatus?: () => number; getResponse?: () => unknown; message: string };
    return { status: e.getStatus?.(), body: e.getResponse?.() ?? e.message };
  }
}

const classes = bodyClassesOfRoutes();
const table = [...classes].flatMap(([type, route]) =>
  optionalPaths(type).map((path) => ({ type, route, path, name: `${type.name} ${path.join('.')} (${route})` })),
);

describe('null means absent: every optional property of every body a route takes', () => {
  it('finds the body classes of the routes, the hot paths and nested bodies among them', () => {
    const names = [...classes.keys()].map((c) => c.name);
    expect(names.length).toBeGreaterThan(40);
    expect(names).toEqual(expect.arrayContaining(['FetchExternalTasksDto', 'CompleteTaskDto', 'UserCreateDto']));
    expect(table.map((t) => t.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^FetchExternalTasksDto sorting /)]),
    );
  });

  it.each([...classes].map(([type, route]) => ({ type, name: `${type.name} (${route})` })))(
    '$name: the generated body with only the required properties is accepted',
    async ({ type }) => {
      expect(await read(type, fullBody(type))).toEqual({ ok: expect.anything() });
    },
  );

  it.each(table)('$name: null reads as absent', async ({ type, path }) => {
    const base = fullBody(type);
    const absent = await read(type, withAt(base, path, 'removed'));
    expect(absent).toEqual({ ok: expect.anything() });
    expect(await read(type, withAt(base, path, null))).toEqual(absent);
  });
});

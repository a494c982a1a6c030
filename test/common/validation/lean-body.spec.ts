import 'reflect-metadata';
import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { BodyValidationPipe, CLASS_VALIDATOR_OPTIONS } from '../../../src/common/validation/body-validation.pipe';
import { dropNullOptionals, isLeanBody } from '../../../src/common/validation/lean-body';
import {
  CompleteExternalTaskDto,
  FetchExternalTasksDto,
} from '../../../src/modules/external-task/external-task-request.dto';
import { VariablesBodyDto } from '../../../src/common/variables/variable-value.dto';
import { StartProcessInstanceDto } from '../../../src/modules/process-definition/start-process-instance.dto';
import { CompleteTaskDto } from '../../../src/modules/task/task.dto';
import { objectOrNull } from '../../../src/common/http/json-body';

/**
 * The lean reader of the hot-path bodies must give exactly what the class-validator pipe gives:
 * the same instance (class, coerced values, unknown properties kept) or the same Camunda answer.
 */
const reference = new ValidationPipe(CLASS_VALIDATOR_OPTIONS);
const pipe = new BodyValidationPipe();

type Outcome = { ok: true; type: string; value: unknown } | { ok: false; status: number; body: unknown };

function describeInstance(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(describeInstance);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return { class: value.constructor?.name, ...Object.fromEntries(entries.map(([k, v]) => [k, describeInstance(v)])) };
  }
  return value;
}

async function outcome(read: () => Promise<unknown>): Promise<Outcome> {
  try {
    const value = await read();
    return { ok: true, type: (value as object).constructor.name, value: describeInstance(value) };
  } catch (err) {
    const e = err as { getStatus?: () => number; getResponse?: () => unknown; status?: number; message: string };
    return { ok: false, status: e.getStatus?.() ?? e.status ?? -1, body: e.getResponse?.() ?? e.message };
  }
}

function viaReference(metatype: ArgumentMetadata['metatype'], body: unknown) {
  const metadata: ArgumentMetadata = { type: 'body', metatype };
  return outcome(async () => {
    const copy = structuredClone(body);
    const plain = objectOrNull(copy);
    // The pipe's pre-validation pass (null means absent) is part of the reference reading.
    if (plain) dropNullOptionals(metatype as new () => object, plain);
    return reference.transform(copy, metadata);
  });
}

function viaPipe(metatype: ArgumentMetadata['metatype'], body: unknown) {
  return outcome(() => pipe.transform(structuredClone(body), { type: 'body', metatype }));
}

const fetchBodies: unknown[] = [
  null,
  undefined,
  {},
  [],
  'text',
  { workerId: 'w', maxTasks: 1, topics: [{ topicName: 'a', lockDuration: 1000 }] },
  {
    workerId: 7,
    maxTasks: '10',
    usePriority: 'true',
    asyncResponseTimeout: '2000',
    topics: [{ topicName: 'a', lockDuration: '5', variables: ['x'] }],
  },
  { workerId: 'w', maxTasks: 1.5 },
  { workerId: 'w', maxTasks: 2 ** 31 },
  { workerId: {}, maxTasks: 1 },
  { workerId: 'w', maxTasks: 1, usePriority: 'yes' },
  { workerId: 'w', maxTasks: 1, topics: null },
  { workerId: 'w', maxTasks: 1, topics: {} },
  { workerId: 'w', maxTasks: 1, topics: ['a'] },
  { workerId: 'w', maxTasks: 1, topics: [{ topicName: 'a', lockDuration: 'soon' }] },
  {
    workerId: 'w',
    maxTasks: 1,
    topics: [
      { topicName: 'a', lockDuration: 1 },
      { topicName: ['b'], lockDuration: 1 },
    ],
  },
  { workerId: 'w', maxTasks: 1, topics: [{ topicName: 'a', lockDuration: 1, variables: [1] }] },
  {
    workerId: 'w',
    maxTasks: 1,
    topics: [{ topicName: 'a', lockDuration: 1, processVariables: { k: 1 }, extra: true }],
  },
  { workerId: 'w', maxTasks: 1, sorting: [{ sortBy: 'createTime', sortOrder: 'desc' }], unknown: { deep: [1, 2] } },
  { workerId: 'w', maxTasks: 1, sorting: [{ sortBy: 3, sortOrder: 'desc' }] },
  { workerId: 'w', maxTasks: 1, sorting: null, topics: [] },
  { workerId: null, maxTasks: null, asyncResponseTimeout: 1e20 },
];

const variableBodies: unknown[] = [
  null,
  {},
  { workerId: 'w' },
  { workerId: 'w', variables: { a: { value: 1, type: 'Integer' } }, localVariables: null },
  { workerId: 'w', variables: [] },
  { workerId: 'w', variables: 'x' },
  { workerId: 'w', localVariables: 5 },
  { workerId: true, variables: { a: { value: { nested: [1] }, type: 'Json' } } },
  { variables: { a: { value: 'x' } }, businessKey: 12, withVariablesInReturn: 'false', skipIoMappings: 1 },
  { variables: null, businessKey: 'k', startInstructions: [{ type: 'startBeforeActivity' }] },
  { withVariablesInReturn: 'maybe' },
  { caseInstanceId: [], variables: {} },
];

const cases: Array<[string, ArgumentMetadata['metatype'], unknown[]]> = [
  ['fetchAndLock', FetchExternalTasksDto, fetchBodies],
  ['external task complete', CompleteExternalTaskDto, variableBodies],
  ['evaluate (variables)', VariablesBodyDto, variableBodies],
  ['start', StartProcessInstanceDto, variableBodies],
  ['task complete', CompleteTaskDto, variableBodies],
];

describe('lean body reader', () => {
  it.each(cases.map(([name, type]) => [name, type]))('%s is read by the lean reader', (_name, type) => {
    expect(isLeanBody(type)).toBe(true);
  });

  for (const [name, type, bodies] of cases) {
    it.each(bodies.map((b) => [JSON.stringify(b) ?? 'undefined', b]))(
      `${name}: %s reads as the class-validator pipe reads it`,
      async (_label, body) => {
        const expected = await viaReference(type, body);
        const actual = await viaPipe(type, body);
        expect(actual).toEqual(expected);
      },
    );
  }

  it('answers a wrong nested type with the path Camunda names', async () => {
    const answer = await viaPipe(FetchExternalTasksDto, {
      workerId: 'w',
      maxTasks: 1,
      topics: [{ topicName: 'a', lockDuration: 'soon' }],
    });
    expect(answer).toEqual({
      ok: false,
      status: 400,
      body: `Cannot deserialize property 'topics[0].lockDuration' with value "soon": expected an integer`,
    });
  });
});

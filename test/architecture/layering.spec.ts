import { directWrites, writesIn } from './direct-writes';
import { cycles, ImportEdge, importGraph } from './import-graph';

/**
 * The one-way flow of ARCHITECTURE.md, enforced: modules -> engine -> persistence, never back up;
 * the engine stays free of Nest and HTTP; configuration is read at the edge only (below it, it
 * arrives as APP_CONFIG or through the module's options); resource modules do not reach into each
 * other; inside the engine every folder may only use folders below it (type imports count:
 * they are part of the design even though they vanish at run time), and no file imports itself
 * round a circle at run time, nor in the engine with type-only imports counted.
 */

/** Engine rooms from the bottom up. A room may import its own files and the rooms before it. */
export const ENGINE_LAYERS: string[][] = [
  ['util', 'errors', 'options', 'metrics'],
  ['meters'],
  ['variables', 'timer'],
  ['expression'],
  ['dmn'],
  ['command'],
  ['authorization'],
  ['identity'],
  ['history'],
  ['incident'],
  ['entities'],
  ['bpmn/model'],
  ['bpmn/parse'],
  ['repository'],
  ['decision'],
  ['bpmn/runtime'],
  ['bpmn/behaviors'],
  ['instances'],
  ['correlation', 'jobs', 'external-task', 'filter'],
  ['migration'],
  ['batch'],
  ['process-engine'],
];

/** The engine room of a src-relative file, or null outside the engine. */
export function engineRoom(file: string): string | null {
  const parts = file.replace(/\.ts$/, '').split('/');
  if (parts[0] !== 'engine') return null;
  if (parts.length === 2) return parts[1];
  return parts[1] === 'bpmn' ? `bpmn/${parts[2]}` : parts[1];
}

/** Below the edge: these get their configuration injected or handed in, never from `config/`. */
const BELOW_THE_EDGE = /^(common|modules|engine|persistence|delegates|console)\//;

function rank(room: string): number {
  const found = ENGINE_LAYERS.findIndex((layer) => layer.includes(room));
  return found;
}

export function layeringViolations(edges: ImportEdge[]): string[] {
  const violations: string[] = [];
  for (const { from, to, spec } of edges) {
    if (from.startsWith('engine/')) {
      if (/^(modules|common)\//.test(to) || /^pkg:(@nestjs|express)/.test(to) || /^(app|engine)\.module/.test(to)) {
        violations.push(`${from} -> ${spec} (the engine must not depend on Nest, HTTP or resource modules)`);
      }
      const a = engineRoom(from);
      const b = engineRoom(to);
      if (a && b && a !== b) {
        if (rank(a) < 0) violations.push(`${from}: engine room '${a}' has no place in ENGINE_LAYERS`);
        else if (rank(b) < 0) violations.push(`${to}: engine room '${b}' has no place in ENGINE_LAYERS`);
        else if (rank(b) >= rank(a))
          violations.push(`${from} -> ${spec} (engine room '${a}' may not use '${b}': not below it)`);
      }
    }
    if (from.startsWith('persistence/') && /^(engine|modules|common)\//.test(to)) {
      violations.push(`${from} -> ${spec} (persistence must not depend on the engine or the REST layer)`);
    }
    if (BELOW_THE_EDGE.test(from) && to.startsWith('config/')) {
      violations.push(
        `${from} -> ${spec} (only the edge reads configuration; inject APP_CONFIG or take it from the module's options)`,
      );
    }
    const own = /^modules\/([^/]+)\//.exec(from)?.[1];
    const other = /^modules\/([^/]+)\//.exec(to)?.[1];
    if (own && other && own !== other)
      violations.push(
        `${from} -> ${spec} (resource modules must not reach into each other; share through common/ or engine/)`,
      );
  }
  return violations;
}

describe('one way to write', () => {
  const { files } = importGraph();
  const found = directWrites(files);

  it('writes only in entity managers (*.manager.ts) through the unit of work', () => {
    expect([...found].map(([file, kinds]) => `${file}: ${kinds.join(', ')}`)).toEqual([]);
  });

  it('catches every kind of direct write', () => {
    expect(writesIn('ctx.uow.insert(TaskEntity, task);')).toEqual(['unit of work']);
    expect(writesIn('await em.getRepository(JobEntity).delete({ id });')).toEqual(['repository write']);
    expect(writesIn('await em.update(JobEntity, { id }, { retries: 1 });')).toEqual(['EntityManager write']);
    expect(writesIn('em.createQueryBuilder().delete().from(JobEntity)')).toEqual(['query builder write']);
    expect(writesIn("await em.query('UPDATE act_ru_job SET rev = rev + 1 WHERE id = ?', [id]);")).toEqual([
      'SQL write',
    ]);
    expect(writesIn('batch.add(deleteWhereStatement(em, TaskEntity, { id }));')).toEqual(['write statement builder']);
    expect(writesIn('// ctx.uow.insert(TaskEntity, task) in a comment\nconst rows = await em.query(sql);')).toEqual([]);
  });
});

describe('layering', () => {
  const { files, edges } = importGraph();

  it('keeps the one-way flow modules -> engine -> persistence, and engine rooms only look down', () => {
    expect(layeringViolations(edges)).toEqual([]);
  });

  it('has no import cycle at run time', () => {
    expect(
      cycles(
        files,
        edges.filter((e) => !e.typeOnly),
      ),
    ).toEqual([]);
  });

  it('has no import cycle in the engine, type-only imports included', () => {
    const engineFiles = files.filter((f) => f.startsWith('engine/'));
    expect(
      cycles(
        engineFiles,
        edges.filter((e) => e.from.startsWith('engine/')),
      ),
    ).toEqual([]);
  });

  it('catches an upward arrow and a cycle when there is one', () => {
    const upward: ImportEdge = {
      from: 'engine/command/command-context.ts',
      to: 'engine/bpmn/runtime/agenda.ts',
      spec: '../bpmn/runtime/agenda',
      typeOnly: true,
    };
    expect(layeringViolations([upward])).toHaveLength(1);
    const back: ImportEdge = {
      from: 'engine/bpmn/runtime/agenda.ts',
      to: 'engine/command/command-context.ts',
      spec: '',
      typeOnly: false,
    };
    expect(cycles([upward.from, back.from], [{ ...upward, typeOnly: false }, back])).toHaveLength(1);
  });

  it('catches a configuration import below the edge when there is one, type-only too', () => {
    const config: ImportEdge = {
      from: 'common/auth/basic-auth.guard.ts',
      to: 'config/app-config.ts',
      spec: '../../config/app-config',
      typeOnly: true,
    };
    expect(layeringViolations([config])).toHaveLength(1);
    expect(layeringViolations([{ ...config, from: 'modules/authorization/authorization.service.ts' }])).toHaveLength(1);
    expect(layeringViolations([{ ...config, from: 'main.ts', spec: './config/app-config' }])).toEqual([]);
  });

  it('counts the subfolders of a resource module as that module (modules/history is grouped by resource)', () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, spec: to, typeOnly: false });
    expect(
      layeringViolations([
        edge('modules/history/process-instance/historic-process-instance.service.ts', 'modules/history/batch/x.ts'),
        edge('modules/history/detail/historic-detail.query.ts', 'modules/history/historic-variable-params.ts'),
        edge('modules/history/history.module.ts', 'modules/history/cleanup/history-cleanup.controller.ts'),
      ]),
    ).toEqual([]);
    expect(layeringViolations([edge('modules/history/task-instance/x.ts', 'modules/task/task.dto.ts')])).toHaveLength(
      1,
    );
  });
});

import { DataSource } from 'typeorm';
import { DeploymentCache } from '../../../src/engine/repository/deployment-cache';
import { openDataSource } from '../../../src/persistence/data-source';
import { ProcessDefinitionEntity } from '../../../src/persistence/entities/repository/process-definition.entity';

describe('DeploymentCache', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await openDataSource('sqlite::memory:');
    await ds.getRepository(ProcessDefinitionEntity).insert({
      id: 'p:1:x',
      rev: 1,
      key: 'p',
      version: 1,
      name: null,
      category: null,
      deploymentId: 'dep',
      resourceName: 'p.bpmn',
      diagramResourceName: null,
      hasStartFormKey: false,
      suspensionState: 1,
      tenantId: null,
      versionTag: null,
      historyTimeToLive: null,
      startableInTasklist: true,
    } as unknown as ProcessDefinitionEntity);
  });
  afterAll(() => ds.destroy());

  it('does not keep a definition whose load was under way when its deployment was deleted', async () => {
    const cache = new DeploymentCache();
    const loading = cache.processDefinition(ds.manager, 'p:1:x');
    cache.evict(['p:1:x']);
    await ds.getRepository(ProcessDefinitionEntity).delete({ id: 'p:1:x' });
    expect((await loading)?.id).toBe('p:1:x');
    expect(await cache.processDefinition(ds.manager, 'p:1:x')).toBeNull();
  });

  it('keeps no miss: an id that was unknown is found once it is deployed', async () => {
    const cache = new DeploymentCache();
    expect(await cache.processDefinition(ds.manager, 'q:1:y')).toBeNull();
    await ds.getRepository(ProcessDefinitionEntity).insert({
      id: 'q:1:y',
      rev: 1,
      key: 'q',
      version: 1,
      deploymentId: 'dep',
      resourceName: 'q.bpmn',
      suspensionState: 1,
    } as unknown as ProcessDefinitionEntity);
    expect((await cache.processDefinition(ds.manager, 'q:1:y'))?.key).toBe('q');
  });
});

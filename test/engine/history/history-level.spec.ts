import { HistoryLevel } from '../../../src/engine/options';
import { HistoricActivityInstanceEntity } from '../../../src/persistence/entities/history/historic-activity-instance.entity';
import { HistoricDetailEntity } from '../../../src/persistence/entities/history/historic-detail.entity';
import { HistoricProcessInstanceEntity } from '../../../src/persistence/entities/history/historic-process-instance.entity';
import { databaseLabel } from '../../support/test-app';
import { RuntimeScenario } from '../bpmn/runtime/support/runtime-scenario';

describe.each<[HistoryLevel, number, number, number]>([
  ['none', 0, 0, 0],
  ['activity', 1, 3, 0],
  ['audit', 1, 3, 2],
  ['full', 1, 3, 2],
])(`history level %s (${databaseLabel()})`, (level, instances, activities, details) => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot({ historyLevel: level });
    await s.deploy('user-task.bpmn');
  });
  afterAll(() => s.close());

  it(`writes ${instances} process instance, ${activities} activity instance and ${details} detail rows`, async () => {
    const pi = await s.start('plainTask', { a: 1 });
    await s.completeTask(pi.id, 'Work', { a: 2 });
    expect(await s.isEnded(pi.id)).toBe(true);
    expect(await s.ds.getRepository(HistoricProcessInstanceEntity).countBy({ id: pi.id })).toBe(instances);
    expect(await s.ds.getRepository(HistoricActivityInstanceEntity).countBy({ processInstanceId: pi.id })).toBe(
      activities,
    );
    expect(await s.ds.getRepository(HistoricDetailEntity).countBy({ processInstanceId: pi.id })).toBe(details);
  });
});

import * as path from 'node:path';
import { deployFixture } from './deploy';
import { TestApp } from './test-app';

/**
 * Camunda's own engine tests replayed over REST: their models lie unchanged under test/fixtures/camunda-tests, by
 * the path below Camunda's `org/camunda/bpm/engine/test/` (`bpmn/...`), the DMN engine's below `org/camunda/bpm/`
 * (`dmn/engine/...`), and these helpers stand for the Java services the tests call.
 */
export class CamundaTest {
  constructor(private readonly t: TestApp) {}

  get api() {
    return this.t.as('demo');
  }

  /** `@Deployment` of one or more of Camunda's test resources; answers the deployment id. */
  async deploy(...resources: string[]): Promise<string> {
    const res = await deployFixture(
      this.t,
      resources.map((r) => path.join('camunda-tests', r)),
    );
    if (res.status !== 200)
      throw new Error(`deployment of ${resources.join(', ')} failed: ${JSON.stringify(res.body)}`);
    return res.body.id;
  }

  /** A deployment Camunda refuses: answers the error body. */
  async deployRefused(...resources: string[]): Promise<{ type: string; message: string; details?: unknown }> {
    const res = await deployFixture(
      this.t,
      resources.map((r) => path.join('camunda-tests', r)),
    );
    if (res.status !== 400) throw new Error(`deployment of ${resources.join(', ')} answered ${res.status}`);
    return res.body;
  }

  async start(
    key: string,
    variables: Record<string, { value: unknown; type?: string; valueInfo?: unknown }> = {},
    extra: object = {},
  ) {
    const res = await this.api.post(`/process-definition/key/${key}/start`).send({ variables, ...extra });
    if (res.status !== 200) throw new Error(`start of ${key} failed: ${JSON.stringify(res.body)}`);
    return res.body as { id: string; ended: boolean; businessKey: string | null };
  }

  async tasks(query: Record<string, string | boolean> = {}) {
    const res = await this.api.get('/task').query(query).expect(200);
    return res.body as {
      id: string;
      name: string;
      description: string | null;
      assignee: string | null;
      taskDefinitionKey: string;
      processInstanceId: string;
      executionId: string;
    }[];
  }

  async completeTask(id: string, variables: Record<string, unknown> = {}) {
    await this.api.post(`/task/${id}/complete`).send({ variables }).expect(204);
  }

  async claim(id: string, userId: string) {
    await this.api.post(`/task/${id}/claim`).send({ userId }).expect(204);
  }

  /** assertProcessEnded: no runtime instance left, a historic one ended. */
  async processEnded(id: string): Promise<boolean> {
    const runtime = await this.api.get(`/process-instance/${id}`);
    return runtime.status === 404;
  }

  async processInstances(query: Record<string, string> = {}) {
    return (await this.api.get('/process-instance').query(query).expect(200)).body as {
      id: string;
      businessKey: string | null;
    }[];
  }

  async executions(query: Record<string, string> = {}) {
    return (await this.api.get('/execution').query(query).expect(200)).body as {
      id: string;
      processInstanceId: string;
    }[];
  }

  /** A variable as the REST API types it (`{type, value, valueInfo}`), or null when unset. */
  async variable(executionId: string, name: string) {
    const res = await this.api.get(`/execution/${executionId}/localVariables/${name}`);
    return res.status === 200 ? res.body : null;
  }

  async processVariables(processInstanceId: string) {
    return (await this.api.get(`/process-instance/${processInstanceId}/variables`).expect(200)).body as Record<
      string,
      { type: string; value: unknown; valueInfo?: object }
    >;
  }

  async user(id: string, groups: string[] = []) {
    await this.api
      .post('/user/create')
      .send({ profile: { id, firstName: id, lastName: id }, credentials: { password: id } })
      .expect(204);
    for (const g of groups) await this.api.put(`/group/${g}/members/${id}`).expect(204);
  }

  async group(id: string) {
    await this.api.post('/group/create').send({ id, name: id, type: 'WORKFLOW' }).expect(204);
  }

  async removeUser(id: string) {
    await this.api.delete(`/user/${id}`).expect(204);
  }

  async removeGroup(id: string) {
    await this.api.delete(`/group/${id}`).expect(204);
  }

  async removeDeployments(...ids: string[]) {
    for (const id of ids) await this.api.delete(`/deployment/${id}?cascade=true`).expect(204);
  }
}

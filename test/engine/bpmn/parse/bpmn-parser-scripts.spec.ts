import { parseBpmn } from '../../../../src/engine/bpmn/parse/bpmn-parser';
import { ParseError } from '../../../../src/engine/errors';
import { processXml } from './bpmn-fixtures';

const task = (attrs: string, body = '<bpmn:script>1</bpmn:script>') =>
  processXml(
    `<bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="t" /><bpmn:scriptTask id="t" ${attrs}>${body}</bpmn:scriptTask>`,
  );
const condition = (language: string) =>
  processXml(
    `<bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="e"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="${language}">true</bpmn:conditionExpression></bpmn:sequenceFlow><bpmn:endEvent id="e" />`,
  );

async function failure(xml: string, options: Parameters<typeof parseBpmn>[2] = {}): Promise<string> {
  try {
    await parseBpmn(xml, 'test.bpmn', options);
  } catch (e) {
    if (e instanceof ParseError) return e.message;
    throw e;
  }
  throw new Error('parsed');
}

describe('parseBpmn: scripts', () => {
  it.each(['javascript', 'JavaScript', 'js', 'JS', 'ecmascript', 'ECMAScript'])(
    'accepts scriptFormat %s',
    async (format) => {
      const model = await parseBpmn(task(`scriptFormat="${format}" camunda:resultVariable="r"`), 'test.bpmn');
      expect(model.processes[0].elements.get('t')).toMatchObject({
        type: 'scriptTask',
        resultVariable: 'r',
        script: { language: format, source: '1', resource: null },
      });
    },
  );

  it.each(['groovy', 'python', 'ruby', 'juel'])('refuses scriptFormat %s naming the language', async (format) => {
    expect(await failure(task(`scriptFormat="${format}"`))).toContain(
      `Script language '${format}' of the script task on 't' is not supported: only JavaScript (javascript, js, ecmascript) runs, in a sandbox`,
    );
  });

  it('refuses a script condition in another language, accepts a JavaScript one', async () => {
    expect(await failure(condition('groovy'))).toContain(
      "Script language 'groovy' of the condition on 'f' is not supported",
    );
    const model = await parseBpmn(condition('javascript'), 'test.bpmn');
    expect(model.processes[0].sequenceFlows.get('f')).toMatchObject({
      condition: null,
      conditionScript: { language: 'javascript', source: 'true' },
    });
  });

  it('deployment:// resources must be part of the deployment; classpath:// and plain paths are refused', async () => {
    const names = new Set(['test.bpmn', 'a.js']);
    const model = await parseBpmn(task('scriptFormat="js" camunda:resource="deployment://a.js"', ''), 'test.bpmn', {
      resourceNames: names,
    });
    expect(model.processes[0].elements.get('t')).toMatchObject({ script: { source: null, resource: 'a.js' } });
    expect(
      await failure(task('scriptFormat="js" camunda:resource="deployment://b.js"', ''), { resourceNames: names }),
    ).toContain("Script resource 'deployment://b.js' of the script task on 't' is not part of the deployment");
    expect(await failure(task('scriptFormat="js" camunda:resource="classpath://org/x.js"', ''))).toContain(
      "Script resource 'classpath://org/x.js' of the script task on 't' is not supported (there is no classpath here): use camunda:resource=\"deployment://<name>\"",
    );
    expect(await failure(task('scriptFormat="js" camunda:resource="org/x.js"', ''))).toContain(
      'there is no classpath here',
    );
  });

  it('with scripts turned off (SCRIPTS_ENABLED=false) every script is refused with the old message', async () => {
    expect(await failure(task('scriptFormat="js"'), { scriptsEnabled: false })).toContain(
      "Script task 't' is not supported: scripts from a deployment are never run",
    );
    expect(await failure(condition('js'), { scriptsEnabled: false })).toContain(
      "Script condition (language 'js') on 'f' is not supported: scripts from a deployment are never run",
    );
  });
});

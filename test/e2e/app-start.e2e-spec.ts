import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';

/** A start that fails rejects createApp: main.ts reports it and exits; a host or test runner keeps its process. */
describe('application start', () => {
  it('rejects with the cause when the database cannot be reached, instead of exiting the process', async () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    try {
      const config = loadConfig(
        {},
        { databaseUrl: 'mysql://root@127.0.0.1:1/unreachable', adminUser: 'demo', adminPassword: 'demo' },
      );
      await expect(createApp(config, false)).rejects.toThrow(/ECONNREFUSED/);
      expect(exit).not.toHaveBeenCalled();
    } finally {
      exit.mockRestore();
    }
  });
});

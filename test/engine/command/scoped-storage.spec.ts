import { AsyncLocalStorage } from 'node:async_hooks';
import { ScopedStorage } from '../../../src/engine/command/scoped-storage';

describe('ScopedStorage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps the store of work that runs while it is closed, and disables the storage once that work has finished', async () => {
    const disable = jest.spyOn(AsyncLocalStorage.prototype, 'disable');
    const storage = new ScopedStorage<string>();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: Array<string | undefined> = [];
    const running = storage.run('a', async () => {
      seen.push(storage.getStore());
      await gate;
      seen.push(storage.getStore());
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(storage.getStore());
      return 'done';
    });

    storage.close();
    expect(disable).not.toHaveBeenCalled();
    release();
    await expect(running).resolves.toBe('done');
    expect(seen).toEqual(['a', 'a', 'a']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(disable).toHaveBeenCalledTimes(1);
  });

  it('disables at once when nothing runs, works again afterwards and disables again when that work ends', async () => {
    const disable = jest.spyOn(AsyncLocalStorage.prototype, 'disable');
    const storage = new ScopedStorage<string>();
    await storage.run('a', async () => undefined);
    storage.close();
    expect(disable).toHaveBeenCalledTimes(1);

    await expect(storage.run('b', async () => storage.getStore())).resolves.toBe('b');
    await new Promise((resolve) => setImmediate(resolve));
    expect(disable).toHaveBeenCalledTimes(2);
  });

  it('counts work that fails as finished', async () => {
    const disable = jest.spyOn(AsyncLocalStorage.prototype, 'disable');
    const storage = new ScopedStorage<string>();
    const failing = storage.run('a', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('boom');
    });
    storage.close();
    await expect(failing).rejects.toThrow('boom');
    await new Promise((resolve) => setImmediate(resolve));
    expect(disable).toHaveBeenCalledTimes(1);
  });
});

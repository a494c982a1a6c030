import { ExternalTaskNotifier } from '../../../src/engine/external-task/external-task-notifier';
import { LockedExternalTask } from '../../../src/engine/external-task/external-task-types';
import {
  FetchAndLockWaitingRoom,
  WaitingRoomFullError,
} from '../../../src/engine/external-task/fetch-and-lock-waiting-room';

/** The waiting room with a fake database: a set of topics that have fetchable tasks, counted by topic. */
describe('FetchAndLockWaitingRoom', () => {
  let notifier: ExternalTaskNotifier;
  let available: Map<string, number>;
  let probes: number;
  let room: FetchAndLockWaitingRoom;
  const task = (topic: string) => ({ task: { topicName: topic } }) as unknown as LockedExternalTask;
  const take = (topics: string[]) => async () => {
    for (const t of topics) {
      const n = available.get(t) ?? 0;
      if (n > 0) {
        available.set(t, n - 1);
        return [task(t)];
      }
    }
    return [];
  };
  const make = (capacity = 10, recheckMs = 60_000) => {
    room = new FetchAndLockWaitingRoom(
      notifier,
      async (topics) => {
        probes++;
        return new Set(topics.filter((t) => (available.get(t) ?? 0) > 0));
      },
      { capacity, recheckMs },
    );
  };
  const wait = (topics: string[], timeoutMs = 5000, attempt = take(topics), filtered = false) =>
    room.wait({ topics, filtered, timeoutMs, sequence: notifier.sequence, attempt });
  const flush = () => new Promise((r) => setTimeout(r, 5));

  beforeEach(() => {
    notifier = new ExternalTaskNotifier();
    available = new Map();
    probes = 0;
    make();
  });
  afterEach(() => room.close());

  it('wakes the oldest waiter of a notified topic; the others keep waiting', async () => {
    const first = wait(['a']);
    const second = wait(['a']);
    const other = wait(['b']);
    available.set('a', 1);
    notifier.notify(['a']);
    expect(await first).toEqual([task('a')]);
    await flush();
    expect(room.size).toBe(2);
    available.set('b', 1);
    notifier.notify(['b']);
    expect(await other).toEqual([task('b')]);
    available.set('a', 1);
    notifier.notify(null);
    expect(await second).toEqual([task('a')]);
  });

  it('stops trying a topic in a pass once an unfiltered waiter found it empty', async () => {
    let attempts = 0;
    const counting = () => async () => {
      attempts++;
      return [];
    };
    void wait(['a'], 5000, counting(), true);
    void wait(['a'], 5000, counting());
    void wait(['a'], 5000, counting());
    void wait(['a'], 5000, counting(), true);
    notifier.notify(['a']);
    await flush();
    // A filtered request finding nothing says nothing about others; an unfiltered one speaks for all.
    expect(attempts).toBe(2);
  });

  it('answers an empty list when the time is up', async () => {
    const started = Date.now();
    expect(await wait(['a'], 50)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(room.size).toBe(0);
  });

  it('delivers what an attempt locked even if the time ran out meanwhile', async () => {
    let release!: () => void;
    const slow = () => new Promise<LockedExternalTask[]>((resolve) => (release = () => resolve([task('a')])));
    const pending = wait(['a'], 20, slow);
    notifier.notify(['a']);
    await new Promise((r) => setTimeout(r, 40));
    release();
    expect(await pending).toEqual([task('a')]);
  });

  it('re-checks the database periodically, probing once for all waiters', async () => {
    make(10, 20);
    const a = wait(['a']);
    const b = wait(['b']);
    await new Promise((r) => setTimeout(r, 50));
    expect(probes).toBeGreaterThan(0);
    const before = probes;
    available.set('b', 1);
    expect(await b).toEqual([task('b')]);
    expect(probes - before).toBeLessThanOrEqual(3);
    available.set('a', 1);
    expect(await a).toEqual([task('a')]);
  });

  it('tries again at once when something was committed during the first attempt', async () => {
    const sequence = notifier.sequence;
    available.set('a', 1);
    notifier.notify(['a']);
    const pending = room.wait({ topics: ['a'], filtered: false, timeoutMs: 5000, sequence, attempt: take(['a']) });
    expect(await pending).toEqual([task('a')]);
  });

  it('refuses waiters beyond its capacity', async () => {
    make(2);
    void wait(['a']);
    void wait(['a']);
    await expect(wait(['a'])).rejects.toBeInstanceOf(WaitingRoomFullError);
  });

  it('hands an attempt failure to its request', async () => {
    const failing = wait(['a'], 5000, async () => {
      throw new Error('database gone');
    });
    notifier.notify(['a']);
    await expect(failing).rejects.toThrow('database gone');
  });

  it('answers everyone with an empty list on close and takes no one afterwards', async () => {
    const a = wait(['a']);
    const b = wait(['b']);
    await room.close();
    expect(await a).toEqual([]);
    expect(await b).toEqual([]);
    expect(await wait(['a'])).toEqual([]);
  });
});

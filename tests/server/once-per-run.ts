/**
 * Work a test run does once however many projects ask for it. A project runs its own global setup
 * (`unit` and `unit:apart` each run tests/server/global-setup.ts), all in vitest's one process: the
 * first to ask does the work, the others share its result, and the last one done undoes it. Kept
 * on `globalThis`, which the setups share whatever module instances vitest gives them.
 */
interface Shared {
  value: Promise<unknown>;
  users: number;
  undo?: () => Promise<void>;
}

const runs: Map<string, Shared> = ((
  globalThis as { painelOncePerRun?: Map<string, Shared> }
).painelOncePerRun ??= new Map());

export async function oncePerRun<T>(
  key: string,
  make: () => Promise<{ value: T; undo: () => Promise<void> }>,
): Promise<{ value: T; release: () => Promise<void> }> {
  let shared = runs.get(key);
  if (!shared) {
    const made: Shared = { users: 0, value: Promise.resolve() };
    made.value = make().then(({ value, undo }) => {
      made.undo = undo;
      return value;
    });
    runs.set(key, made);
    shared = made;
  }
  const own = shared;
  own.users++;
  const value = (await own.value) as T;
  return {
    value,
    async release() {
      own.users--;
      if (own.users > 0) return;
      runs.delete(key);
      await own.undo?.();
    },
  };
}

/**
 * Runs tasks that share a key one after another, in the order they were asked for; tasks of other
 * keys run alongside. Within one process only: across instances the callers need their own
 * guard (billing-sync's read tickets).
 */
export function oneAtATimePerKey() {
  const tails = new Map<string, Promise<unknown>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const turn = (tails.get(key) ?? Promise.resolve()).then(task);
    // The next task waits for this one to settle, not to succeed.
    const tail = turn.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await turn;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

interface Options {
  /**
   * The task is interchangeable with every other shared task of its key: a caller that finds one
   * still waiting for its turn takes that one's result instead of queueing its own. The waiting
   * task starts after the caller asked, so it does what the caller's own would have done.
   */
  shared?: boolean;
}

/**
 * Runs tasks that share a key one after another, in the order they were asked for; tasks of other
 * keys run alongside. Within one process only: across instances the callers need their own
 * guard (billing-sync's read tickets).
 */
export function oneAtATimePerKey() {
  const tails = new Map<string, Promise<unknown>>();
  const sharedWaiting = new Map<string, Promise<unknown>>();
  return async function run<T>(
    key: string,
    task: () => Promise<T>,
    options: Options = {},
  ): Promise<T> {
    const waiting = options.shared ? sharedWaiting.get(key) : undefined;
    if (waiting) return waiting as Promise<T>;
    const turn = (tails.get(key) ?? Promise.resolve()).then(() => {
      // Started: whoever asks from now on may need a later start than this one's.
      if (sharedWaiting.get(key) === turn) sharedWaiting.delete(key);
      return task();
    });
    if (options.shared) sharedWaiting.set(key, turn);
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

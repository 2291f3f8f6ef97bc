import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while React hydrates a page the server drew, true afterwards (and at once in a page
 * the browser draws): what only the browser knows, such as its locale and time zone, is drawn
 * after hydration so both sides' first markup is the same.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

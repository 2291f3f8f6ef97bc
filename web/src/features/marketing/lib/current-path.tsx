import { createContext, type ReactNode, useContext } from "react";

// Marketing pages are prerendered and only their islands hydrate, so they have no client router:
// links are plain <a>, and the page being shown comes from here.
const CurrentPathContext = createContext<string | null>(null);

export function CurrentPathProvider({ path, children }: { path: string; children: ReactNode }) {
  return <CurrentPathContext.Provider value={path}>{children}</CurrentPathContext.Provider>;
}

/** The prerender names the path; in the browser it is the address bar's. */
export function useCurrentPath(): string {
  const path = useContext(CurrentPathContext);
  if (path !== null) return path;
  return typeof window === "undefined" ? "/" : window.location.pathname;
}

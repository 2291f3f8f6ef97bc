import { createContext, type ReactElement, useContext } from "react";

export type IslandName = "mobile-menu" | "pricing-faq";

/**
 * While prerendering, each island's markup drawn on its own (prerender.tsx), exactly as the
 * browser's hydrateRoot will draw it: ids from useId then match on both sides.
 */
export const PrerenderedIslands = createContext<Partial<Record<IslandName, string>> | null>(null);

/**
 * The interactive part of a prerendered page: the island entry (marketing-main.tsx) hydrates it
 * and nothing else. `display: contents` keeps the wrapper out of the layout.
 */
export function Island({ name, children }: { name: IslandName; children: ReactElement }) {
  const prerendered = useContext(PrerenderedIslands);
  const markup = prerendered?.[name];
  if (markup !== undefined) {
    return (
      <div
        className="contents"
        data-island={name}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server output for the island
        dangerouslySetInnerHTML={{ __html: markup }}
      />
    );
  }
  return (
    <div className="contents" data-island={name}>
      {children}
    </div>
  );
}

import { useEffect, useState } from "react";

export type CopyState = "idle" | "copied" | "failed";

/** How long "Copied" (or the failure) stays before the button reads "Copy" again. */
const FEEDBACK_MS = 2500;

/**
 * Copies `text` to the clipboard and says how it went for a moment, for the button's label and
 * a status line a screen reader hears. Without clipboard permission the state is "failed": the
 * caller tells the person to select and copy it themselves.
 */
export function useClipboardCopy(text: string) {
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return { state, copy };
}

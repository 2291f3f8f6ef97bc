import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** Read-only User ID with a copy button; the creator needs it to confirm account deletion. */
export function UserIdField({ userId }: { userId: string }) {
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");
  const resetTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(userId);
      setCopyState("copied");
    } catch {
      // Clipboard blocked (permissions, insecure context): the field is still selectable.
      setCopyState("failed");
    }
    window.clearTimeout(resetTimer.current);
    resetTimer.current = window.setTimeout(() => setCopyState("idle"), 2000);
  }

  return (
    <Field
      id="account-user-id"
      label="User ID"
      hint={
        <span aria-live="polite">
          {copyState === "copied"
            ? "Copied to clipboard."
            : copyState === "failed"
              ? "Could not copy. Select the ID and copy it by hand."
              : "You'll need it to confirm account deletion."}
        </span>
      }
    >
      <div className="flex gap-2">
        <Input
          id="account-user-id"
          value={userId}
          readOnly
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" onClick={copy} aria-label="Copy User ID" className="shrink-0">
          {copyState === "copied" ? (
            <Check className="size-4 text-brand-700" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          <span className="hidden sm:inline" aria-hidden>
            {copyState === "copied" ? "Copied" : "Copy"}
          </span>
        </Button>
      </div>
    </Field>
  );
}

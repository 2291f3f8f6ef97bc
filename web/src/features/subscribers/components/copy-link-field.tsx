import { Check, Copy } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useClipboardCopy } from "../lib/use-clipboard-copy";

/** A read-only link and a button that copies it, saying so where a screen reader hears it. */
export function CopyLinkField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const { state, copy } = useClipboardCopy(value);

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 font-mono text-xs"
        />
        <Button variant="secondary" onClick={copy} aria-describedby={`${id}-status`}>
          {state === "copied" ? (
            <Check className="size-4" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {state === "copied" ? "Copied" : "Copy"}
        </Button>
      </div>
      <p id={`${id}-status`} role="status" className="min-h-4 text-xs text-gray-600">
        {state === "copied"
          ? "Link copied."
          : state === "failed"
            ? "Could not copy; select the link and copy it yourself."
            : ""}
      </p>
    </div>
  );
}

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useDeleteAccount } from "../api/delete-account";

const MISMATCH = "User ID does not match. Please type your exact User ID to confirm.";

export function DeleteAccountDialog({
  open,
  onOpenChange,
  userId,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  onDeleted: () => void;
}) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const deletion = useDeleteAccount();
  const matches = typed === userId;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!matches) return setError(MISMATCH);
    setError(null);
    try {
      await deletion.mutateAsync(typed);
      onDeleted();
    } catch (e) {
      setError(errorMessage(e, "Failed to delete account. Please try again."));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Account"
      description="This deletes your subscriptions and cancels every subscriber's payments. It cannot be undone."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-gray-700">
          Your User ID:{" "}
          <code className="break-all rounded bg-gray-100 px-1 font-mono text-xs">{userId}</code>
        </p>
        <Field id="confirm-user-id" label="Type your User ID to confirm">
          <Input
            id="confirm-user-id"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || deletion.isPending}>
            {deletion.isPending ? "Deleting..." : "Delete Account"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

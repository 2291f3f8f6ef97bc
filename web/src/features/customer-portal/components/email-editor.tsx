import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { WrappableEmail } from "@/components/wrappable-email";

/** The e-mail row: read-only until Edit, then an inline form. Cancel restores the stored value. */
export function EmailEditor({
  email,
  canEdit,
  isSaving,
  onSave,
}: {
  email: string;
  canEdit: boolean;
  isSaving: boolean;
  /** Resolves true when saved, so the form knows to close. */
  onSave: (email: string) => Promise<boolean>;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState(email);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (await onSave(draft.trim())) setIsEditing(false);
  }

  if (isEditing) {
    return (
      <form onSubmit={save} className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="subscriber-email" className="sr-only">
          Email
        </label>
        <Input
          id="subscriber-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="text-base sm:text-sm"
          // The user just asked to edit this field; moving focus there is expected.
          autoFocus
        />
        <div className="flex gap-2">
          <Button
            type="submit"
            className="flex-1 sm:flex-none"
            disabled={draft.trim() === "" || isSaving}
          >
            {isSaving ? "Saving..." : "Save"}
          </Button>
          <Button
            variant="secondary"
            className="flex-1 sm:flex-none"
            disabled={isSaving}
            onClick={() => {
              setDraft(email);
              setIsEditing(false);
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="mt-1 flex items-center justify-between gap-3">
      <p className="min-w-0 text-gray-950 [overflow-wrap:anywhere]">
        <WrappableEmail email={email} />
      </p>
      {canEdit ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label="Edit email"
          onClick={() => {
            setDraft(email);
            setIsEditing(true);
          }}
        >
          Edit
        </Button>
      ) : null}
    </div>
  );
}

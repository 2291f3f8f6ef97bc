import { MAX_QUESTIONS, questionKindLabels, questionKinds } from "@contracts/service-details";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ComponentProps } from "react";
import { type FieldError, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import type { QuestionFormInput, ServiceDetailsFormInput } from "./offering-form-schema";

const LABEL_EXAMPLES = ["Gate code", "Lawn size", "Grade and subject", "Allergies"];

const newQuestion: QuestionFormInput = {
  questionId: "",
  label: "",
  kind: "short_text",
  required: false,
  choices: "",
};

/** After a move or a delete the pressed button may be gone or disabled: focus goes somewhere near. */
function focusFirst(...ids: string[]) {
  requestAnimationFrame(() => {
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        return;
      }
    }
  });
}

/**
 * The sign-up questions an offering asks after name and e-mail (issue 22): up to ten, each a
 * label, a kind of answer, required or not, and for a list its choices. Saving sends the whole
 * list in this order; a question removed here is deleted, its answers kept.
 */
export function QuestionsEditor({ idPrefix }: { idPrefix: string }) {
  const { control, formState } = useFormContext<ServiceDetailsFormInput>();
  const { fields, append, remove, move } = useFieldArray({ control, name: "questions" });
  const isAtLimit = fields.length >= MAX_QUESTIONS;
  const idOf = (index: number, part: string) => `${idPrefix}-question-${index}-${part}`;
  const listError =
    formState.errors.questions?.message ?? formState.errors.questions?.root?.message;

  function moveQuestion(from: number, to: number, pressed: "up" | "down") {
    move(from, to);
    focusFirst(idOf(to, pressed), idOf(to, pressed === "up" ? "down" : "up"), idOf(to, "label"));
  }

  function removeQuestion(index: number) {
    remove(index);
    const next = index < fields.length - 1 ? index : index - 1;
    focusFirst(idOf(next, "label"), `${idPrefix}-question-add`);
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-800">Questions at sign-up</legend>
      <p className="text-xs text-gray-600">
        Asked after name and e-mail, in this order. Answers show in each subscriber's details and
        the export; a deleted question's answers stay in the export.
      </p>
      {fields.length > 0 ? (
        <ol className="space-y-3">
          {fields.map((field, index) => (
            <li key={field.id}>
              <QuestionRow
                index={index}
                count={fields.length}
                idOf={(part) => idOf(index, part)}
                onMove={(to, pressed) => moveQuestion(index, to, pressed)}
                onRemove={() => removeQuestion(index)}
              />
            </li>
          ))}
        </ol>
      ) : null}
      {listError ? <p className="text-sm text-red-700">{listError}</p> : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          id={`${idPrefix}-question-add`}
          variant="secondary"
          size="sm"
          disabled={isAtLimit}
          aria-describedby={isAtLimit ? `${idPrefix}-question-limit` : undefined}
          onClick={() => {
            append(newQuestion, { focusName: `questions.${fields.length}.label` });
          }}
        >
          <Plus className="size-4" aria-hidden /> Add question
        </Button>
        {isAtLimit ? (
          <p id={`${idPrefix}-question-limit`} className="text-xs text-gray-600">
            An offering asks at most {MAX_QUESTIONS} questions.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

function QuestionRow({
  index,
  count,
  idOf,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  idOf: (part: string) => string;
  onMove: (to: number, pressed: "up" | "down") => void;
  onRemove: () => void;
}) {
  const { register, control, formState } = useFormContext<ServiceDetailsFormInput>();
  const kind = useWatch({ control, name: `questions.${index}.kind` });
  const label = useWatch({ control, name: `questions.${index}.label` });
  const errors = formState.errors.questions?.[index];
  const number = index + 1;
  const name = label?.trim() ? `question ${number}, ${label.trim()}` : `question ${number}`;
  const invalid = (error: FieldError | undefined, part: string) => ({
    "aria-invalid": Boolean(error),
    "aria-describedby": error ? `${idOf(part)}-error` : undefined,
  });

  return (
    <fieldset className="rounded-lg border border-gray-200 p-3">
      <legend className="sr-only">Question {number}</legend>
      <div className="flex items-center justify-between gap-2">
        <span aria-hidden className="text-xs font-medium text-gray-600">
          Question {number}
        </span>
        <div className="flex gap-1">
          <IconButton
            id={idOf("up")}
            label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1, "up")}
          >
            <ArrowUp className="size-4" aria-hidden />
          </IconButton>
          <IconButton
            id={idOf("down")}
            label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1, "down")}
          >
            <ArrowDown className="size-4" aria-hidden />
          </IconButton>
          <IconButton
            label={`Delete ${name}`}
            className="text-red-700 hover:bg-red-50"
            onClick={onRemove}
          >
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        </div>
      </div>
      <div className="mt-1 grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <Field id={idOf("label")} label="Question" error={errors?.label?.message}>
          <Input
            id={idOf("label")}
            maxLength={120}
            placeholder={`e.g. ${LABEL_EXAMPLES[index % LABEL_EXAMPLES.length]}`}
            {...register(`questions.${index}.label`)}
            {...invalid(errors?.label, "label")}
          />
        </Field>
        <Field id={idOf("kind")} label="Answer" error={errors?.kind?.message}>
          <Select id={idOf("kind")} {...register(`questions.${index}.kind`)}>
            {questionKinds.map((value) => (
              <option key={value} value={value}>
                {questionKindLabels[value]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {kind === "choice" ? (
        <div className="mt-3">
          <Field
            id={idOf("choices")}
            label="Choices, one per line"
            error={errors?.choices?.message}
            hint="At least 2. Customers pick one."
          >
            <Textarea
              id={idOf("choices")}
              rows={3}
              placeholder={"Small\nMedium\nLarge"}
              {...register(`questions.${index}.choices`)}
              {...invalid(errors?.choices, "choices")}
            />
          </Field>
        </div>
      ) : null}
      <label className="mt-2 flex w-fit cursor-pointer items-center gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          className="size-4 shrink-0 accent-brand-700"
          {...register(`questions.${index}.required`)}
        />
        Required
      </label>
    </fieldset>
  );
}

/** A small square button named for screen readers, with the same words on hover. */
function IconButton({
  label,
  className,
  ...props
}: ComponentProps<typeof Button> & { label: string }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      className={cn("w-8 px-0", className)}
      {...props}
    />
  );
}

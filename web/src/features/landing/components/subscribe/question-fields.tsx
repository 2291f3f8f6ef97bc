import type { Question } from "@contracts/service-details";
import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Input, Select, Textarea } from "@/components/ui/input";

// Lists this long read better as a select than a column of radios on a phone.
const MAX_RADIO_CHOICES = 4;

interface QuestionFieldsProps {
  questions: readonly Question[];
  /** Makes the ids unique when two forms share a page. */
  idPrefix: string;
  register: (name: `answers.${string}`) => UseFormRegisterReturn;
  /** Messages by question id. */
  errors?: Record<string, { message?: string } | undefined>;
}

function RequiredMark({ isRequired }: { isRequired: boolean }) {
  return (
    <span className="font-normal text-gray-600">{isRequired ? " (required)" : " (optional)"}</span>
  );
}

function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** A radio group: a fieldset named by its legend, the message describing the group. */
function RadioGroup({
  id,
  question,
  options,
  register,
  error,
}: {
  id: string;
  question: Question;
  options: { value: string; label: string }[];
  register: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-gray-800">
        {question.label}
        <RequiredMark isRequired={question.required} />
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option, index) => (
          <label
            key={option.value}
            htmlFor={`${id}-${index}`}
            className="flex min-h-10 cursor-pointer items-center gap-2 text-base text-gray-900 sm:text-sm"
          >
            <input
              id={`${id}-${index}`}
              type="radio"
              value={option.value}
              className="size-4 accent-brand-700"
              {...register}
            />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorText id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** A labelled single control with its message under it. */
function LabelledControl({
  id,
  question,
  error,
  children,
}: {
  id: string;
  question: Question;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {question.label}
        <RequiredMark isRequired={question.required} />
      </label>
      {children}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function QuestionField({
  question,
  id,
  register,
  error,
}: {
  question: Question;
  id: string;
  register: UseFormRegisterReturn;
  error?: string;
}) {
  if (question.kind === "yes_no") {
    const options = [
      { value: "yes", label: "Yes" },
      { value: "no", label: "No" },
    ];
    return (
      <RadioGroup id={id} question={question} options={options} register={register} error={error} />
    );
  }
  if (question.kind === "choice" && question.choices.length <= MAX_RADIO_CHOICES) {
    const options = question.choices.map((choice) => ({ value: choice, label: choice }));
    return (
      <RadioGroup id={id} question={question} options={options} register={register} error={error} />
    );
  }
  const controlProps = {
    id,
    className: "text-base sm:text-sm",
    required: question.required,
    "aria-invalid": Boolean(error),
    "aria-describedby": error ? `${id}-error` : undefined,
    ...register,
  };
  return (
    <LabelledControl id={id} question={question} error={error}>
      {question.kind === "long_text" ? (
        <Textarea rows={3} {...controlProps} />
      ) : question.kind === "choice" ? (
        <Select {...controlProps}>
          <option value="">Choose one</option>
          {question.choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </Select>
      ) : question.kind === "number" ? (
        // Text with a number keyboard: a number field would hide what was typed when it isn't one.
        <Input inputMode="decimal" autoComplete="off" {...controlProps} />
      ) : question.kind === "date" ? (
        <Input type="date" {...controlProps} />
      ) : (
        <Input autoComplete="off" {...controlProps} />
      )}
    </LabelledControl>
  );
}

/** The offering's own questions, in the creator's order. */
export function QuestionFields({ questions, idPrefix, register, errors }: QuestionFieldsProps) {
  return (
    <div className="space-y-4">
      {questions.map((question, index) => (
        <QuestionField
          key={question.id}
          question={question}
          // The position, not the id: ids are long, and a label's `for` reads no better for it.
          id={`${idPrefix}-question-${index}`}
          register={register(`answers.${question.id}`)}
          error={errors?.[question.id]?.message}
        />
      ))}
    </div>
  );
}

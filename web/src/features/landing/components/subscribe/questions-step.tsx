import type { Question } from "@contracts/service-details";
import { useEffect } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { nestErrors } from "@/lib/form-errors";
import { type AnswerFormValues, checkAnswerForm } from "../../lib/answer-form";
import { QuestionFields } from "./question-fields";
import { BackButton } from "./service-address-step";

interface AnswersForm {
  answers: AnswerFormValues;
}

/**
 * The offering's questions, after name and e-mail (and the address of an on-site offering),
 * checked with the same function the server runs.
 */
export function QuestionsStep({
  questions,
  defaultValues,
  submitLabel,
  busyLabel,
  error,
  onContinue,
  onBack,
}: {
  questions: readonly Question[];
  defaultValues: AnswerFormValues;
  submitLabel: string;
  busyLabel?: string;
  error?: string | null;
  onContinue: (
    answers: Record<string, string | boolean>,
    values: AnswerFormValues,
  ) => void | Promise<void>;
  onBack: (values: AnswerFormValues) => void;
}) {
  const resolver: Resolver<AnswersForm> = async (values) => {
    const check = checkAnswerForm(questions, values.answers ?? {});
    return check.ok
      ? { values, errors: {} }
      : { values: {}, errors: nestErrors<AnswersForm>(check.errors) };
  };
  const { register, handleSubmit, getValues, setFocus, formState } = useForm<AnswersForm>({
    resolver,
    defaultValues: { answers: defaultValues },
  });
  // The step replaced the one whose button had focus: start the reader on the first question.
  const firstQuestionId = questions[0]?.id;
  useEffect(() => {
    if (firstQuestionId) setFocus(`answers.${firstQuestionId}`);
  }, [firstQuestionId, setFocus]);
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    const check = checkAnswerForm(questions, values.answers);
    if (check.ok) await onContinue(check.answers, values.answers);
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <h3 className="text-base font-semibold text-gray-950">A few questions</h3>
      <QuestionFields
        questions={questions}
        idPrefix="subscribe"
        register={(name) => register(name)}
        errors={errors.answers}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && busyLabel ? busyLabel : submitLabel}
      </Button>
      <BackButton onBack={() => onBack(getValues().answers)} isDisabled={isSubmitting} />
    </form>
  );
}

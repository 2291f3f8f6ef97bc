import type { PublicOffering } from "@contracts/landing";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { NameEmailFields } from "@/components/name-email-fields";
import { ServiceAddressFields } from "@/components/service-address-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { nestErrors } from "@/lib/form-errors";
import { serviceAddressFormValues } from "@/lib/service-address-form";
import { joinWaitlist } from "../../api/join-waitlist";
import { answerFormValues } from "../../lib/answer-form";
import { checkWaitlistForm, type WaitlistFormValues } from "../../lib/waitlist-form";
import { QuestionFields } from "../subscribe/question-fields";

const JOIN_FAILED_MESSAGE = "We couldn't add you to the waitlist. Please try again.";

/** A blank waitlist form for this offering, with whatever the customer already typed. */
function waitlistFormValues(
  offering: Pick<PublicOffering, "questions">,
  typed: Partial<WaitlistFormValues> = {},
): WaitlistFormValues {
  return {
    name: "",
    email: "",
    ...serviceAddressFormValues(),
    ...typed,
    answers: { ...answerFormValues(offering.questions), ...typed.answers },
  };
}

/**
 * Join the waitlist of a full offering, or of one whose area doesn't reach this address yet:
 * the subscribe form's fields without a card. `notice` says why the customer is here. The
 * answer never says how many are waiting.
 */
export function WaitlistForm({
  offering,
  defaultValues,
  notice,
  onClose,
}: {
  offering: PublicOffering;
  defaultValues?: Partial<WaitlistFormValues>;
  notice?: string | null;
  onClose: () => void;
}) {
  const [joinedMessage, setJoinedMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resolver: Resolver<WaitlistFormValues> = async (values) => {
    const check = checkWaitlistForm(offering, values);
    return check.ok
      ? { values, errors: {} }
      : { values: {}, errors: nestErrors<WaitlistFormValues>(check.errors) };
  };
  const { register, handleSubmit, setFocus, formState } = useForm<WaitlistFormValues>({
    resolver,
    defaultValues: waitlistFormValues(offering, defaultValues),
  });
  // Opened, or switched to from the subscribe form: start on the first field, not the close button.
  useEffect(() => setFocus("name"), [setFocus]);
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    const check = checkWaitlistForm(offering, values);
    if (!check.ok) return;
    setError(null);
    try {
      setJoinedMessage(await joinWaitlist(check.body));
    } catch (caught) {
      setError(errorMessage(caught, JOIN_FAILED_MESSAGE));
    }
  });

  if (joinedMessage) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{joinedMessage}</Alert>
        <Button size="lg" variant="secondary" className="w-full" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-busy={isSubmitting}>
      {notice ? <Alert tone="warning">{notice}</Alert> : null}
      <NameEmailFields idPrefix="waitlist" register={(name) => register(name)} errors={errors} />
      {offering.onSite ? (
        <ServiceAddressFields
          idPrefix="waitlist"
          register={(name) => register(name)}
          errors={errors}
        />
      ) : null}
      {offering.questions.length > 0 ? (
        <fieldset className="space-y-4">
          <legend className="mb-3 block text-base font-semibold text-gray-950">
            A few questions
          </legend>
          <QuestionFields
            questions={offering.questions}
            idPrefix="waitlist"
            register={(name) => register(name)}
            errors={errors.answers}
          />
        </fieldset>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Joining..." : "Join the waitlist"}
      </Button>
    </form>
  );
}

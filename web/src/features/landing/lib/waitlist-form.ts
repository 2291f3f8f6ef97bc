import type { PublicOffering } from "@contracts/landing";
import { subscriberInfoSchema } from "@contracts/subscribe";
import type { JoinWaitlistInput } from "@contracts/waitlist";
import { type FlatErrors, flattenIssues } from "@/lib/form-errors";
import { checkServiceAddress, type ServiceAddressFormValues } from "@/lib/service-address-form";
import { type AnswerFormValues, checkAnswerForm } from "./answer-form";

/** The waitlist form as typed: who, and the address and answers when the offering asks them. */
export interface WaitlistFormValues extends ServiceAddressFormValues {
  name: string;
  email: string;
  answers: AnswerFormValues;
}

type WaitlistFormCheck = { ok: true; body: JoinWaitlistInput } | { ok: false; errors: FlatErrors };

/**
 * The same fields the subscribe form asks, without a card, checked with the contracts' rules.
 * No area check: an address outside the area is one reason to join the waitlist.
 */
export function checkWaitlistForm(
  offering: Pick<PublicOffering, "customUrl" | "onSite" | "questions">,
  values: WaitlistFormValues,
): WaitlistFormCheck {
  let errors: FlatErrors = {};
  const info = subscriberInfoSchema.safeParse({ name: values.name, email: values.email });
  if (!info.success) errors = { ...errors, ...flattenIssues(info.error.issues) };
  const place = offering.onSite ? checkServiceAddress(values) : null;
  if (place && !place.ok) errors = { ...errors, ...place.errors };
  const answers =
    offering.questions.length > 0 ? checkAnswerForm(offering.questions, values.answers) : null;
  if (answers && !answers.ok) errors = { ...errors, ...answers.errors };
  if (!info.success || (place && !place.ok) || (answers && !answers.ok))
    return { ok: false, errors };
  return {
    ok: true,
    body: {
      customUrl: offering.customUrl,
      ...info.data,
      ...(place?.ok ? { address: place.address, phone: place.phone } : {}),
      ...(answers?.ok ? { answers: answers.answers } : {}),
    },
  };
}

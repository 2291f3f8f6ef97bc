import { useFormContext, useWatch } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import type { ServiceDetailsFormInput } from "./offering-form-schema";
import { QuestionsEditor } from "./questions-editor";

/**
 * What the business needs to know before the first visit (issue 22): on-site, the area it
 * serves, how many subscribers it takes at once, and its sign-up questions. Used inside a
 * FormProvider by the create and edit dialogs, whose forms both hold these fields.
 */
export function ServiceDetailsFields({ idPrefix }: { idPrefix: string }) {
  const { register, control, formState } = useFormContext<ServiceDetailsFormInput>();
  const isOnSite = useWatch({ control, name: "onSite" });
  const { errors } = formState;
  const id = (part: string) => `${idPrefix}-${part}`;
  const describedBy = (part: string, hasError: boolean) =>
    hasError ? `${id(part)}-error` : `${id(part)}-hint`;

  return (
    <section
      aria-labelledby={id("service-heading")}
      className="space-y-4 border-t border-gray-200 pt-4"
    >
      <h3 id={id("service-heading")} className="text-base font-semibold text-gray-950">
        Service details
      </h3>
      <div className="flex items-start gap-2">
        <input
          id={id("on-site")}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
          aria-describedby={id("on-site-hint")}
          {...register("onSite")}
        />
        <div>
          <label htmlFor={id("on-site")} className="text-sm font-medium text-gray-800">
            Service at the customer's address (on-site)
          </label>
          <p id={id("on-site-hint")} className="text-xs text-gray-600">
            Customers enter the service address and a phone number when they subscribe.
          </p>
        </div>
      </div>
      {isOnSite ? (
        <Field
          id={id("service-area")}
          label="Service area"
          error={errors.serviceArea?.message}
          hint={
            <span id={id("service-area-hint")}>
              Postal codes or their first digits, separated by commas or spaces. Leave empty to
              serve anywhere. Example: 940, 94110
            </span>
          }
        >
          <Textarea
            id={id("service-area")}
            rows={2}
            maxLength={3000}
            placeholder="940, 94110"
            aria-invalid={Boolean(errors.serviceArea)}
            aria-describedby={describedBy("service-area", Boolean(errors.serviceArea))}
            {...register("serviceArea")}
          />
        </Field>
      ) : null}
      <Field
        id={id("capacity")}
        label="Capacity"
        error={errors.capacity?.message}
        hint={
          <span id={id("capacity-hint")}>
            Most subscribers at once. Leave empty for no limit. When full, your page offers a
            waitlist.
          </span>
        }
      >
        <Input
          id={id("capacity")}
          type="number"
          inputMode="numeric"
          min={1}
          max={10_000}
          step={1}
          placeholder="No limit"
          className="sm:w-40"
          aria-invalid={Boolean(errors.capacity)}
          aria-describedby={describedBy("capacity", Boolean(errors.capacity))}
          {...register("capacity")}
        />
      </Field>
      <QuestionsEditor idPrefix={idPrefix} />
    </section>
  );
}

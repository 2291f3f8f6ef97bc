import { FREE_PLAN_FEE_PERCENT } from "@contracts/plans";
import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";

export function CtaBand({
  title = "Turn your regulars into recurring revenue",
}: {
  title?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col items-center gap-6 rounded-2xl bg-brand-900 px-6 py-14 text-center sm:px-12">
          <h2
            id={headingId}
            className="max-w-2xl text-2xl font-semibold tracking-tight text-balance text-white sm:text-3xl"
          >
            {title}
          </h2>
          <p className="max-w-xl text-base text-brand-100">
            Set up in minutes. No monthly fee on the Free plan: you keep{" "}
            {100 - FREE_PLAN_FEE_PERCENT}% of every payment, paid out daily.
          </p>
          <a href={paths.signIn.getHref("signup")} className={buttonClasses("secondary", "lg")}>
            Get Started Free
            <ArrowRight className="size-4" aria-hidden />
          </a>
        </div>
      </div>
    </section>
  );
}

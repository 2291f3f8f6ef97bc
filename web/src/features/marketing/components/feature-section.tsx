import { Check } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

interface FeatureSectionProps {
  eyebrow: string;
  title: string;
  lead: string;
  points: readonly string[];
  illustration: ReactNode;
  isReversed?: boolean;
}

export function FeatureSection({
  eyebrow,
  title,
  lead,
  points,
  illustration,
  isReversed = false,
}: FeatureSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16"
    >
      <div className={cn(isReversed && "lg:order-2")}>
        <p className="text-sm font-semibold text-brand-700">{eyebrow}</p>
        <h2
          id={headingId}
          className="mt-3 text-2xl font-semibold tracking-tight text-balance text-gray-950 sm:text-3xl"
        >
          {title}
        </h2>
        <p className="mt-4 text-base text-gray-600">{lead}</p>
        <ul className="mt-6 space-y-3">
          {points.map((point) => (
            <li key={point} className="flex gap-3 text-sm text-gray-700">
              <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
              {point}
            </li>
          ))}
        </ul>
      </div>
      <div className={cn("mx-auto w-full max-w-md", isReversed ? "lg:order-1 lg:ml-0" : "lg:mr-0")}>
        {illustration}
      </div>
    </section>
  );
}

import { formatCadencePrice } from "@contracts/cadence";
import { formatCents } from "@contracts/money";
import { Check, Lock } from "lucide-react";
import { FakeButton, PreviewFrame } from "./preview-frame";
import { sampleOffering, sampleSplit } from "./sample-offering";

export function LandingPreview({ className }: { className?: string }) {
  return (
    <div className={className}>
      <div className="relative">
        <PreviewFrame caption="Example of a subscription landing page for a lawn care business">
          <div className="flex items-center gap-1.5 border-b border-gray-200 bg-gray-50 px-4 py-3">
            <span className="size-2.5 rounded-full bg-gray-300" />
            <span className="size-2.5 rounded-full bg-gray-300" />
            <span className="size-2.5 rounded-full bg-gray-300" />
            <span className="ml-3 truncate rounded-md bg-white px-3 py-1 text-xs text-gray-600 ring-1 ring-gray-200">
              /landing/weekly-lawn-care-3f9a2c1b
            </span>
          </div>
          <div className="p-6 sm:p-8">
            <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
              {sampleOffering.business}
            </p>
            <p className="mt-2 text-2xl font-semibold tracking-tight text-gray-950">
              {sampleOffering.title}
            </p>
            <p className="tabular mt-2 text-xl font-semibold text-gray-950">
              {formatCadencePrice(sampleOffering.priceCents, "month")}
            </p>
            <ul className="mt-5 space-y-2 text-sm text-gray-700">
              {sampleOffering.benefits.map((benefit) => (
                <li key={benefit} className="flex items-center gap-2">
                  <Check className="size-4 shrink-0 text-brand-700" />
                  {benefit}
                </li>
              ))}
            </ul>
            <div className="mt-6">
              <FakeButton>Subscribe Now</FakeButton>
            </div>
            <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-gray-600">
              <Lock className="size-3" /> Secure payment by Stripe
            </p>
          </div>
        </PreviewFrame>
        <div
          aria-hidden="true"
          className="absolute -bottom-10 -left-4 hidden rounded-xl border border-gray-200 bg-white px-4 py-3 shadow-md sm:block"
        >
          <p className="text-xs text-gray-600">New subscriber · you earn</p>
          <p className="tabular mt-0.5 text-base font-semibold text-brand-700">
            +{formatCents(sampleSplit.netCents)}
          </p>
        </div>
      </div>
    </div>
  );
}

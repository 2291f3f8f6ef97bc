import { Spinner } from "@/components/ui/spinner";

/** Holds the frame's height while the onboarding loads, so the modal doesn't jump. */
export function OnboardingLoading() {
  return (
    <div
      className="flex h-[min(560px,calc(92vh-18rem))] sm:h-[min(560px,calc(92vh-13rem))] items-center justify-center gap-3 rounded-lg border border-gray-200 bg-gray-50 text-sm text-gray-600"
      role="status"
    >
      <Spinner /> Loading secure onboarding...
    </div>
  );
}

import { Spinner } from "@/components/ui/spinner";

/** Holds the frame's height while the onboarding loads, so the modal doesn't jump. */
export function OnboardingLoading() {
  return (
    <div
      className="flex h-[560px] max-h-[60vh] items-center justify-center gap-3 rounded-lg border border-gray-200 bg-gray-50 text-sm text-gray-600 sm:max-h-none"
      role="status"
    >
      <Spinner /> Loading secure onboarding...
    </div>
  );
}

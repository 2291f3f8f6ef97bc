/** "Step N of 4" and a bar; the bar is the same fact for sighted users, so it is one control. */
export function WizardProgress({ step, total }: { step: number; total: number }) {
  return (
    <div>
      <p className="text-sm font-medium text-gray-600" id="wizard-step-label">
        Step {step} of {total}
      </p>
      <div
        className="mt-2 h-1.5 rounded-full bg-gray-200"
        role="progressbar"
        aria-labelledby="wizard-step-label"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${total}`}
      >
        <div
          className="h-1.5 rounded-full bg-brand-600 transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${(step / total) * 100}%` }}
        />
      </div>
    </div>
  );
}

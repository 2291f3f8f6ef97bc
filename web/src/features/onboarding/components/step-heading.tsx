import { type ReactNode, useEffect, useRef } from "react";

interface StepHeadingProps {
  children: ReactNode;
  text?: string;
  /** True once the creator has moved between steps (not on the page's first load). */
  shouldFocus: boolean;
}

/**
 * Each step's title. When the step changes, focus moves here, so keyboard and screen-reader
 * users start at the top of the new step instead of on a Continue button that moved or left.
 */
export function StepHeading({ children, text, shouldFocus }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Mount only: every step renders its own heading, so mounting is "the step changed".
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once per step, not per render
  useEffect(() => {
    if (shouldFocus) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div>
      <h1
        ref={ref}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight text-gray-950 focus:outline-none"
      >
        {children}
      </h1>
      {text ? <p className="mt-2 text-gray-600">{text}</p> : null}
    </div>
  );
}

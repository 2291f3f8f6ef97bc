import { humanizeRequirement } from "./humanize-requirement";

/** The spec previews this many of Stripe's currently-due items, then counts the rest. */
const PREVIEW_COUNT = 3;

export function RequiredInfoList({ currentlyDue }: { currentlyDue: string[] }) {
  if (currentlyDue.length === 0) return null;
  const rest = currentlyDue.length - PREVIEW_COUNT;
  return (
    <div>
      <p className="text-sm font-medium text-gray-800" id="required-info-heading">
        Required information
      </p>
      <ul
        aria-labelledby="required-info-heading"
        className="mt-1 list-disc pl-5 text-sm text-gray-700"
      >
        {currentlyDue.slice(0, PREVIEW_COUNT).map((item) => (
          <li key={item}>{humanizeRequirement(item)}</li>
        ))}
      </ul>
      {rest > 0 ? <p className="mt-1 text-sm text-gray-600">And {rest} more...</p> : null}
    </div>
  );
}

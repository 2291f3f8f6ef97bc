import type { ReactNode } from "react";

/** One icon-led point in a step's list (welcome benefits, payment facts, next steps). */
export function Benefit({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="flex gap-4 rounded-lg border border-gray-200 p-4">
      <span className="mt-0.5 shrink-0 text-brand-700">{icon}</span>
      <div>
        <p className="font-medium text-gray-950">{title}</p>
        <p className="text-sm text-gray-600">{text}</p>
      </div>
    </li>
  );
}

import { CreditCard, Mail, XCircle } from "lucide-react";
import { PreviewFrame } from "./preview-frame";
import { sampleOffering } from "./sample-offering";

const actions = [
  { icon: Mail, label: "Change e-mail" },
  { icon: CreditCard, label: "Update payment method" },
  { icon: XCircle, label: "Cancel subscription" },
];

export function SubscriberPreview() {
  return (
    <PreviewFrame caption="Example of a subscriber's self-service page with options to change e-mail, update the card or cancel">
      <div className="p-6">
        <p className="text-sm font-medium text-gray-950">Manage your subscription</p>
        <div className="mt-4 flex items-center justify-between gap-4 rounded-lg border border-gray-200 px-4 py-3">
          <div>
            <p className="text-sm font-medium text-gray-950">{sampleOffering.title}</p>
            <p className="text-xs text-gray-600">jamie@example.com</p>
          </div>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
            <span className="size-1.5 rounded-full bg-brand-600" />
            Active
          </span>
        </div>
        <ul className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {actions.map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center gap-3 px-4 py-3 text-sm text-gray-700">
              <Icon className="size-4 text-gray-500" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </PreviewFrame>
  );
}

import { formatCents } from "@contracts/money";
import { PreviewFrame } from "./preview-frame";
import { sampleOffering, sampleSplit } from "./sample-offering";

export function PayoutPreview() {
  const rows = [
    { label: `${sampleOffering.title}, 1 month`, value: formatCents(sampleSplit.grossCents) },
    {
      label: `Platform fee (${sampleSplit.feePercent}%)`,
      value: `−${formatCents(sampleSplit.feeCents)}`,
    },
  ];
  return (
    <PreviewFrame
      caption={`Example payment of ${formatCents(sampleSplit.grossCents)}: a ${sampleSplit.feePercent}% fee of ${formatCents(sampleSplit.feeCents)} leaves ${formatCents(sampleSplit.netCents)} for you, paid out daily.`}
    >
      <div className="p-6">
        <p className="text-sm font-medium text-gray-950">Where each payment goes</p>
        <dl className="mt-4 space-y-3 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex justify-between gap-4">
              <dt className="text-gray-600">{row.label}</dt>
              <dd className="tabular text-gray-950">{row.value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t border-gray-200 pt-3">
            <dt className="font-medium text-gray-950">You keep</dt>
            <dd className="tabular font-semibold text-brand-700">
              {formatCents(sampleSplit.netCents)}
            </dd>
          </div>
        </dl>
        <div className="mt-5 flex h-2 overflow-hidden rounded-full bg-gray-200">
          <div className="bg-brand-600" style={{ width: `${100 - sampleSplit.feePercent}%` }} />
        </div>
        <p className="mt-4 rounded-lg bg-gray-50 px-3 py-2 text-xs text-gray-600">
          Next payout: tomorrow, to your bank account
        </p>
      </div>
    </PreviewFrame>
  );
}

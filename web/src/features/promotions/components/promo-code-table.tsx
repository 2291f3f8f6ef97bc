import type { PromoCode } from "@contracts/promotions";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import {
  type PromoStatus,
  promoAppliesTo,
  promoExpiry,
  promoStatus,
  promoSummary,
  promoUses,
} from "./promo-code-words";

const statusStyles: Record<PromoStatus, { label: string; dot: string; text: string }> = {
  active: { label: "Active", dot: "bg-brand-600", text: "text-brand-800" },
  inactive: { label: "Inactive", dot: "bg-gray-400", text: "text-gray-600" },
  expired: { label: "Expired", dot: "bg-gray-400", text: "text-gray-600" },
  used_up: { label: "Used up", dot: "bg-gray-400", text: "text-gray-600" },
};

/** A dot and a word: the status reads the same without colour. */
function PromoStatusLabel({ status }: { status: PromoStatus }) {
  const style = statusStyles[status];
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-xs font-medium", style.text)}>
      <span aria-hidden className={cn("size-2 rounded-full", style.dot)} />
      {style.label}
    </span>
  );
}

function DeactivateButton({
  promo,
  onDeactivate,
}: {
  promo: PromoCode;
  onDeactivate: (promo: PromoCode) => void;
}) {
  if (!promo.isActive) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => onDeactivate(promo)}
      aria-label={`Deactivate ${promo.code}`}
    >
      Deactivate
    </Button>
  );
}

interface PromoCodeTableProps {
  promoCodes: PromoCode[];
  onDeactivate: (promo: PromoCode) => void;
}

/**
 * A table from the md breakpoint up; below it each code is a small card, so nothing scrolls
 * sideways on a phone.
 */
export function PromoCodeTable({ promoCodes, onDeactivate }: PromoCodeTableProps) {
  return (
    <>
      <ul className="divide-y divide-gray-100 md:hidden" aria-label="Promo codes">
        {promoCodes.map((promo) => (
          <li key={promo.id} className="space-y-1 py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-semibold tracking-wide break-all text-gray-950">
                {promo.code}
              </p>
              <PromoStatusLabel status={promoStatus(promo)} />
            </div>
            <p className="text-gray-800">{promoSummary(promo)}</p>
            <p className="break-words text-gray-600">For {promoAppliesTo(promo)}</p>
            <div className="flex items-center justify-between gap-3">
              <p className="tabular text-xs text-gray-600">
                {promoUses(promo)}
                <span aria-hidden> · </span>
                <span className="sr-only">, </span>
                {promoExpiry(promo)}
              </p>
              <DeactivateButton promo={promo} onDeactivate={onDeactivate} />
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full table-fixed text-left text-sm md:table">
        <thead className="border-b border-gray-200 text-xs font-medium text-gray-600">
          <tr>
            <th scope="col" className="w-[16%] py-2 pr-3 font-medium">
              Code
            </th>
            <th scope="col" className="w-[20%] py-2 pr-3 font-medium">
              Discount
            </th>
            <th scope="col" className="w-[20%] py-2 pr-3 font-medium">
              Applies to
            </th>
            <th scope="col" className="w-[14%] py-2 pr-3 font-medium">
              Expires
            </th>
            <th scope="col" className="w-[10%] py-2 pr-6 text-right font-medium">
              Uses
            </th>
            <th scope="col" className="w-[9%] py-2 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="w-[11%] py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {promoCodes.map((promo) => (
            <tr key={promo.id}>
              <td className="truncate py-3 pr-3 font-semibold tracking-wide text-gray-950">
                {promo.code}
              </td>
              <td className="py-3 pr-3 text-gray-800">{promoSummary(promo)}</td>
              <td className="py-3 pr-3 break-words text-gray-700">{promoAppliesTo(promo)}</td>
              <td className="py-3 pr-3 text-gray-700">{promoExpiry(promo)}</td>
              <td className="tabular py-3 pr-6 text-right text-gray-900">{promoUses(promo)}</td>
              <td className="py-3 pr-3">
                <PromoStatusLabel status={promoStatus(promo)} />
              </td>
              <td className="py-3 text-right">
                <DeactivateButton promo={promo} onDeactivate={onDeactivate} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

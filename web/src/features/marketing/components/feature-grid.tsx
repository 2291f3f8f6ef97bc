import { productFeatures } from "../lib/product-features";

export function FeatureGrid() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {productFeatures.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-xl border border-gray-200 bg-white p-6 shadow-xs">
          <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden />
          </span>
          <h3 className="mt-4 text-base font-semibold text-gray-950">{title}</h3>
          <p className="mt-2 text-sm text-gray-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}

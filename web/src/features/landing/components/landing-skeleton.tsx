/** Same boxes as the hero and benefits, so the real page replaces it without a jump. */
export function LandingSkeleton() {
  return (
    <div role="status" aria-label="Loading subscription" className="min-h-screen bg-white">
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto flex max-w-3xl animate-pulse flex-col items-center px-4 pt-14 pb-12">
          <div className="h-4 w-24 rounded bg-gray-200" />
          <div className="mt-4 h-9 w-3/4 rounded bg-gray-200" />
          <div className="mt-4 h-8 w-32 rounded bg-gray-200" />
          <div className="mt-6 h-12 w-full rounded-lg bg-gray-200 sm:w-40" />
        </div>
      </div>
      <div className="mx-auto grid max-w-3xl animate-pulse gap-3 px-4 py-10 sm:grid-cols-2">
        {["a", "b", "c", "d", "e", "f"].map((key) => (
          <div key={key} className="h-14 rounded-lg bg-gray-100" />
        ))}
      </div>
    </div>
  );
}

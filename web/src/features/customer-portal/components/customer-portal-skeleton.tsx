/** The page's outline while it loads, so the cards don't jump in. */
export function CustomerPortalSkeleton() {
  return (
    <div role="status" aria-label="Loading your subscription" className="min-h-screen bg-gray-50">
      <div className="mx-auto max-w-2xl animate-pulse space-y-6 px-4 py-8">
        <div className="h-4 w-32 rounded bg-gray-200" />
        <div className="space-y-2">
          <div className="h-8 w-64 max-w-full rounded bg-gray-200" />
          <div className="h-5 w-40 rounded bg-gray-200" />
        </div>
        <div className="h-52 rounded-xl border border-gray-200 bg-white" />
        <div className="h-64 rounded-xl border border-gray-200 bg-white" />
      </div>
    </div>
  );
}

import { ApiError } from "@/lib/api-client";

function filenameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

/**
 * Fetches a CSV export and hands it to the browser as a download. A plain download link fails
 * silently (a 401 or 500 shows only as "failed" in the browser's download bar), so the answer is
 * read here first and a refusal thrown as the API's own message for the page to show.
 */
export async function downloadExport(href: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(href, { credentials: "same-origin", headers: { Accept: "text/csv" } });
  } catch {
    throw new ApiError(
      0,
      "network",
      "Could not reach Regulars. Check your connection and try again.",
    );
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError(
      response.status,
      payload?.error?.code ?? "unknown",
      response.status === 401
        ? "Your session has ended. Sign in again, then export."
        : (payload?.error?.message ?? `The export failed (${response.status}). Please try again.`),
    );
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = filenameOf(response, fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser; the blob need not outlive this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * The spec keeps the subscriber id in localStorage under "subscriberId", so a returning
 * customer on this device sees "Already subscribed?". Storage can throw (private mode,
 * disabled storage); the landing page must still render, so every access is guarded.
 */
const STORAGE_KEY = "subscriberId";

export function readStoredSubscriberId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeSubscriberId(subscriberId: string) {
  try {
    localStorage.setItem(STORAGE_KEY, subscriberId);
  } catch {
    // Without storage the banner just won't show; the e-mail still carries the link.
  }
}

export function clearStoredSubscriberId() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

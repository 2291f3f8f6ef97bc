/**
 * The spec keeps the subscriber id in localStorage, so a returning customer on this device
 * sees "Already subscribed?". What is kept under that key is the self-service link's key (the
 * manage key, ADR 022), which is what opens the page. It is kept per offering: one browser may subscribe to several
 * creators, and each landing page must link to its own subscriber (issue 10, defect 4). The
 * old single "subscriberId" key can't tell which offering it belonged to, so it is ignored.
 * Storage can throw (private mode, disabled storage); the landing page must still render, so
 * every access is guarded.
 */
const storageKeyOf = (customUrl: string) => `subscriberId:${customUrl}`;

export function readStoredSubscriberId(customUrl: string): string | null {
  try {
    return localStorage.getItem(storageKeyOf(customUrl));
  } catch {
    return null;
  }
}

export function storeSubscriberId(customUrl: string, subscriberId: string) {
  try {
    localStorage.setItem(storageKeyOf(customUrl), subscriberId);
  } catch {
    // Without storage the banner just won't show; the e-mail still carries the link.
  }
}

export function clearStoredSubscriberId(customUrl: string) {
  try {
    localStorage.removeItem(storageKeyOf(customUrl));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

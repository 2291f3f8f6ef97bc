import type { ApiRequest } from "../core/context";
import { noSuch } from "../core/errors";

// Objects Stripe reaches through their parent (`/v1/transfers/:id/reversals/:child`).

/** The child's id: the path's last segment, whose form the route's pattern has checked. */
export const childId = ({ path }: ApiRequest) => path.slice(path.lastIndexOf("/") + 1);

/** A child held in its parent's list (a transfer's reversals), or Stripe's 404 naming it. */
export function requireChild<T extends { id?: string }>(
  children: readonly T[] | undefined,
  id: string,
  noun: string,
): T {
  const found = children?.find((child) => child.id === id);
  if (!found) throw noSuch(noun, id);
  return found;
}

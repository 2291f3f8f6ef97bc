import { eq } from "drizzle-orm";
import type { ServiceAddress } from "../../../contracts/service-details";
import type { Db } from "../../db/client";
import { subscribers } from "../../db/schema/app";
import { addressColumnsOf } from "./address-columns";

export async function updateSubscriberAddress(
  db: Db,
  subscriberId: string,
  address: ServiceAddress,
  phone: string | null,
) {
  await db
    .update(subscribers)
    .set(addressColumnsOf(address, phone))
    .where(eq(subscribers.id, subscriberId));
}

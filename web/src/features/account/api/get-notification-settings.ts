import { notificationSettingsSchema } from "@contracts/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const notificationSettingsQueryKey = ["profile", "notifications"] as const;

/** Which of the creator's own e-mails are switched on. */
function getNotificationSettings() {
  return apiRequest("/api/profile/notifications", { schema: notificationSettingsSchema });
}

function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: getNotificationSettings,
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

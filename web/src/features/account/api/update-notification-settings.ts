import {
  type NotificationSettings,
  notificationSettingsSchema,
  type UpdateNotificationSettingsInput,
  updateNotificationSettingsSchema,
} from "@contracts/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { notificationSettingsQueryKey } from "./get-notification-settings";

function updateNotificationSettings(input: UpdateNotificationSettingsInput) {
  return apiRequest("/api/profile/notifications", {
    method: "PATCH",
    body: updateNotificationSettingsSchema.parse(input),
    schema: notificationSettingsSchema,
  });
}

/** Flips a switch at once and puts it back if the server says no. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsQueryKey });
      const previous = queryClient.getQueryData<NotificationSettings>(notificationSettingsQueryKey);
      if (previous) {
        queryClient.setQueryData<NotificationSettings>(notificationSettingsQueryKey, {
          ...previous,
          ...input,
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) {
        queryClient.setQueryData(notificationSettingsQueryKey, context.previous);
      }
    },
    // Re-read rather than trust one reply: two quick flips may answer out of order.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
  });
}

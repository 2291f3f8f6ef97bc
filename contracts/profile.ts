import { z } from "zod";
import { businessNameSchema } from "./onboarding-options";

/** PATCH /api/profile/business-name: also renames the creator on every offering. */
export const updateBusinessNameSchema = z.object({ businessName: businessNameSchema }).strict();

export const businessNameResponseSchema = z.object({ businessName: z.string() });

/** The creator's own e-mails, each of which can be switched off in the Account tab. */
export const notificationSettingsSchema = z.object({
  newSubscriber: z.boolean(),
  cancellation: z.boolean(),
  paymentFailed: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const onOff = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** PATCH /api/profile/notifications: any of the switches; the others keep their value. */
export const updateNotificationSettingsSchema = z
  .object({
    newSubscriber: onOff("newSubscriber").optional(),
    cancellation: onOff("cancellation").optional(),
    paymentFailed: onOff("paymentFailed").optional(),
  })
  .strict()
  .refine((input) => Object.keys(input).length > 0, "Change at least one notification switch");
export type UpdateNotificationSettingsInput = z.infer<typeof updateNotificationSettingsSchema>;

import type { LucideIcon } from "lucide-react";
import {
  BarChart3,
  CalendarClock,
  CreditCard,
  LayoutTemplate,
  UserCheck,
  Wallet,
} from "lucide-react";

export interface ProductFeature {
  icon: LucideIcon;
  title: string;
  text: string;
}

// Shared by the home page cards and the features page summary, so both say the same thing.
export const productFeatures: readonly ProductFeature[] = [
  {
    icon: LayoutTemplate,
    title: "Beautiful landing pages",
    text: "Every subscription gets a fast, mobile-first page that explains your service and takes payment.",
  },
  {
    icon: CreditCard,
    title: "Secure card payments",
    text: "Cards are processed by Stripe, with 3-D Secure when a bank asks. Card numbers never touch our servers.",
  },
  {
    icon: CalendarClock,
    title: "Automatic monthly billing",
    text: "Subscribers are charged every month without an invoice, a reminder or a phone call from you.",
  },
  {
    icon: UserCheck,
    title: "Subscriber self-service",
    text: "Customers change their e-mail, update their card or cancel from a private link of their own.",
  },
  {
    icon: BarChart3,
    title: "Analytics & earnings",
    text: "Monthly revenue, new subscribers and every payment with its fee, shown plainly.",
  },
  {
    icon: Wallet,
    title: "Daily payouts",
    text: "Your earnings are paid out to your bank account every day through Stripe.",
  },
];

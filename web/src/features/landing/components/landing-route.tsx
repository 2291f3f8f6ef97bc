import type { PublicOffering } from "@contracts/landing";
import { formatMonthlyPrice } from "@contracts/money";
import {
  CalendarCheck,
  CreditCard,
  Headphones,
  Mail,
  RefreshCw,
  ShieldCheck,
  UserX,
} from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, Navigate, useParams } from "react-router";
import { SubscriptionNotFound } from "@/components/subscription-not-found";
import { Button, buttonClasses } from "@/components/ui/button";
import { FullPageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { usePublicOffering } from "../api/public-offering";
import { SUBSCRIBER_STORAGE_KEY } from "../api/subscribe";

const SubscribeDialog = lazy(() => import("./subscribe-dialog"));

const benefits = [
  { icon: CalendarCheck, text: "Billed monthly, no surprises" },
  { icon: RefreshCw, text: "Cancel anytime, no questions asked" },
  { icon: ShieldCheck, text: "Secure card payments by Stripe" },
  { icon: UserX, text: "No account or password needed" },
  { icon: CreditCard, text: "Update your card or e-mail online" },
  { icon: Headphones, text: "Direct support from the provider" },
];

function LandingPage({ offering }: { offering: PublicOffering }) {
  const [isSubscribeOpen, setIsSubscribeOpen] = useState(false);
  const [storedSubscriberId] = useState(() => localStorage.getItem(SUBSCRIBER_STORAGE_KEY));
  const price = formatMonthlyPrice(offering.priceCents);
  useEffect(() => {
    document.title = `${offering.title} — ${price}`;
  }, [offering.title, price]);
  const subscribe = () => setIsSubscribeOpen(true);

  return (
    <div className="min-h-screen bg-white">
      {storedSubscriberId ? (
        <div className="border-b border-brand-200 bg-brand-50">
          <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
            <span className="font-medium text-brand-900">Already subscribed?</span>
            <Link
              to={paths.customerPortal.getHref(offering.customUrl, storedSubscriberId)}
              className={buttonClasses("secondary", "sm")}
            >
              Manage Subscription
            </Link>
          </div>
        </div>
      ) : null}
      <main>
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-3xl px-4 pt-14 pb-12 text-center">
            <p className="text-sm font-medium text-brand-800">{offering.subcategory}</p>
            <h1 className="mt-3 text-3xl font-semibold tracking-tight text-gray-950 sm:text-4xl">
              {offering.title}
            </h1>
            <p className="tabular mt-4 text-2xl font-semibold text-gray-950">{price}</p>
            <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={subscribe}>
              Subscribe Now
            </Button>
            <p className="mt-3 text-xs text-gray-600">Cancel anytime · Secure payment</p>
          </div>
        </section>
        <section aria-labelledby="benefits" className="mx-auto max-w-3xl px-4 py-10">
          <h2 id="benefits" className="sr-only">
            What you get
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {benefits.map(({ icon: Icon, text }) => (
              <li
                key={text}
                className="flex items-center gap-3 rounded-lg border border-gray-200 px-4 py-3 text-sm text-gray-800"
              >
                <Icon className="size-5 shrink-0 text-brand-700" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="about" className="mx-auto max-w-3xl px-4 pb-10">
          <h2 id="about" className="text-lg font-semibold text-gray-950">
            About this subscription
          </h2>
          <p className="mt-3 whitespace-pre-line text-gray-700">{offering.description}</p>
        </section>
        {offering.creatorEmail ? (
          <section aria-labelledby="contact" className="mx-auto max-w-3xl px-4 pb-10">
            <div className="rounded-xl border border-gray-200 p-5">
              <h2 id="contact" className="text-base font-semibold text-gray-950">
                Questions? Contact the provider
              </h2>
              {offering.creatorName ? (
                <p className="mt-1 text-sm text-gray-600">{offering.creatorName}</p>
              ) : null}
              <a
                href={`mailto:${offering.creatorEmail}`}
                className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
              >
                <Mail className="size-4" aria-hidden /> {offering.creatorEmail}
              </a>
            </div>
          </section>
        ) : null}
        <section className="border-t border-gray-200 bg-gray-50">
          <div className="mx-auto max-w-3xl px-4 py-10 text-center">
            <p className="text-lg font-semibold text-gray-950">Ready to start?</p>
            <p className="mt-1 text-sm text-gray-600">{price}, billed monthly.</p>
            <Button size="lg" className="mt-4 w-full sm:w-auto" onClick={subscribe}>
              Subscribe for {price}
            </Button>
          </div>
        </section>
      </main>
      <footer className="py-6 text-center text-xs text-gray-500">Powered by Regulars</footer>
      {isSubscribeOpen ? (
        <Suspense fallback={null}>
          <SubscribeDialog
            offering={offering}
            open={isSubscribeOpen}
            onOpenChange={setIsSubscribeOpen}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

export default function LandingRoute({ isRootPath = false }: { isRootPath?: boolean }) {
  const { customUrl = "" } = useParams();
  const offering = usePublicOffering(customUrl);
  if (offering.isPending) return <FullPageSpinner />;
  if (!offering.data) {
    // A single path segment is a landing page only when such an active offering exists.
    return isRootPath ? <Navigate to={paths.home.getHref()} replace /> : <SubscriptionNotFound />;
  }
  return <LandingPage offering={offering.data} />;
}

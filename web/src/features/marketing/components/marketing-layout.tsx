import { Menu, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, NavLink } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

const nav = [
  { label: "Home", to: paths.home.getHref() },
  { label: "Features", to: paths.features.getHref() },
  { label: "Pricing", to: paths.pricing.getHref() },
];

export function Wordmark() {
  return (
    <Link
      to={paths.home.getHref()}
      className="flex items-center gap-2 font-semibold tracking-tight"
    >
      <img src="/favicon.svg" alt="" className="size-7" />
      <span className="text-lg">Regulars</span>
    </Link>
  );
}

export function MarketingLayout({ children }: { children: ReactNode }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-md px-3 py-2 text-sm font-medium",
      isActive ? "text-gray-950" : "text-gray-600 hover:text-gray-950",
    );
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Wordmark />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {nav.map((item) => (
              <NavLink key={item.to} to={item.to} end className={linkClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="hidden items-center gap-2 md:flex">
            <Link to={paths.signIn.getHref("signin")} className={buttonClasses("ghost", "md")}>
              Sign In
            </Link>
            <Link to={paths.signIn.getHref("signup")} className={buttonClasses("primary", "md")}>
              Get Started
            </Link>
          </div>
          <button
            type="button"
            className="rounded-md p-2 md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            aria-label={isMenuOpen ? "Close menu" : "Open menu"}
            onClick={() => setIsMenuOpen(!isMenuOpen)}
          >
            {isMenuOpen ? (
              <X className="size-6" aria-hidden />
            ) : (
              <Menu className="size-6" aria-hidden />
            )}
          </button>
        </div>
        {isMenuOpen ? (
          <nav
            id="mobile-menu"
            aria-label="Mobile"
            className="border-t border-gray-200 px-4 py-3 md:hidden"
          >
            <div className="flex flex-col gap-1">
              {nav.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end
                  className={linkClass}
                  onClick={() => setIsMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              ))}
              <Link
                to={paths.signIn.getHref("signin")}
                className={cn(buttonClasses("secondary", "md"), "mt-2")}
              >
                Sign In
              </Link>
              <Link to={paths.signIn.getHref("signup")} className={buttonClasses("primary", "md")}>
                Get Started
              </Link>
            </div>
          </nav>
        ) : null}
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-gray-200 bg-gray-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10 text-sm text-gray-600 md:flex-row md:items-center md:justify-between">
          <Wordmark />
          <p>Monthly subscriptions for small service businesses. Payments by Stripe.</p>
          <p>© {new Date().getFullYear()} Regulars</p>
        </div>
      </footer>
    </div>
  );
}

export function SectionHeading({
  eyebrow,
  title,
  lead,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow ? <p className="text-sm font-semibold text-brand-700">{eyebrow}</p> : null}
      <h2 className="mt-2 text-3xl font-semibold tracking-tight text-gray-950">{title}</h2>
      {lead ? <p className="mt-4 text-base text-gray-600">{lead}</p> : null}
    </div>
  );
}

export function CtaBand() {
  return (
    <section className="bg-brand-800">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center">
        <h2 className="text-3xl font-semibold tracking-tight text-white">
          Turn your regulars into recurring revenue
        </h2>
        <p className="max-w-xl text-brand-100">
          Set up in minutes. No monthly fee on the Free plan: you keep 85% of every payment.
        </p>
        <Link
          to={paths.signIn.getHref("signup")}
          className={cn(buttonClasses("secondary", "lg"), "border-0")}
        >
          Get Started Free
        </Link>
      </div>
    </section>
  );
}

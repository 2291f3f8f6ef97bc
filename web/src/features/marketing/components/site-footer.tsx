import { paths } from "@/config/paths";
import { navItems } from "../lib/nav-items";
import { Wordmark } from "./wordmark";

const linkClass = "rounded-sm text-sm text-gray-600 hover:text-gray-950";

export function SiteFooter() {
  return (
    <footer className="border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <Wordmark />
          <p className="mt-4 text-sm text-gray-600">
            Monthly subscriptions for small service businesses. Card payments are processed securely
            by Stripe.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-gray-950">Product</h2>
          <ul className="mt-4 space-y-3">
            {navItems.map((item) => (
              <li key={item.to}>
                <a href={item.to} className={linkClass}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-gray-950">Account</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <a href={paths.signIn.getHref("signin")} className={linkClass}>
                Sign In
              </a>
            </li>
            <li>
              <a href={paths.signIn.getHref("signup")} className={linkClass}>
                Create an account
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-gray-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-gray-600 sm:px-6">
          © {new Date().getFullYear()} Regulars. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

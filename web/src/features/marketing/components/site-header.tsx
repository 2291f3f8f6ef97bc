import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useCurrentPath } from "../lib/current-path";
import { navItems } from "../lib/nav-items";
import { Island } from "./island";
import { MobileMenu } from "./mobile-menu";
import { navLinkClasses } from "./nav-link-classes";
import { Wordmark } from "./wordmark";

export function SiteHeader() {
  const currentPath = useCurrentPath();
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-4 sm:px-6">
        <Wordmark />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navItems.map((item) => {
            const isActive = item.to === currentPath;
            return (
              <a
                key={item.to}
                href={item.to}
                aria-current={isActive ? "page" : undefined}
                className={navLinkClasses({ isActive })}
              >
                {item.label}
              </a>
            );
          })}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <a href={paths.signIn.getHref("signin")} className={buttonClasses("ghost", "md")}>
            Sign In
          </a>
          <a href={paths.signIn.getHref("signup")} className={buttonClasses("primary", "md")}>
            Get Started
          </a>
        </div>
        <Island name="mobile-menu">
          <MobileMenu />
        </Island>
      </div>
    </header>
  );
}

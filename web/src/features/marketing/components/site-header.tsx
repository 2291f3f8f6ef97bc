import { Link, NavLink } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { navItems } from "../lib/nav-items";
import { MobileMenu } from "./mobile-menu";
import { navLinkClasses } from "./nav-link-classes";
import { Wordmark } from "./wordmark";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-4 sm:px-6">
        <Wordmark />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navItems.map((item) => (
            <NavLink key={item.to} to={item.to} end className={navLinkClasses}>
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
        <MobileMenu />
      </div>
    </header>
  );
}

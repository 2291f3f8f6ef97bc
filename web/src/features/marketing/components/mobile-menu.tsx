import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { navItems } from "../lib/nav-items";
import { navLinkClasses } from "./nav-link-classes";

export function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A route change means a link was followed; the menu would otherwise cover the new page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setIsOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!isOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setIsOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [isOpen]);

  return (
    <div className="md:hidden">
      <button
        ref={toggleRef}
        type="button"
        className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={isOpen ? "Close menu" : "Open menu"}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
      </button>
      <div
        id={menuId}
        hidden={!isOpen}
        className="absolute inset-x-0 top-full border-b border-gray-200 bg-white shadow-sm"
      >
        <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4 sm:px-6">
          {navItems.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={(state) => cn(navLinkClasses(state), "py-3 text-base")}
            >
              {item.label}
            </NavLink>
          ))}
          <div className="mt-3 grid grid-cols-2 gap-3 border-t border-gray-200 pt-4">
            <Link to={paths.signIn.getHref("signin")} className={buttonClasses("secondary", "md")}>
              Sign In
            </Link>
            <Link to={paths.signIn.getHref("signup")} className={buttonClasses("primary", "md")}>
              Get Started
            </Link>
          </div>
        </nav>
      </div>
    </div>
  );
}

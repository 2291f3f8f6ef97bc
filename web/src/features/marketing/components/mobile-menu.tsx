import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useHydrated } from "@/lib/use-hydrated";
import { useCurrentPath } from "../lib/current-path";
import { navItems } from "../lib/nav-items";
import { navLinkClasses } from "./nav-link-classes";

/** The prerendered pages' one interactive piece in the header (an island, island.tsx). */
export function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const currentPath = useCurrentPath();
  // Drawn before its code loads: a tap then would do nothing, so it reads as not ready yet.
  const hydrated = useHydrated();

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
        disabled={!hydrated}
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
          {navItems.map((item) => {
            const isActive = item.to === currentPath;
            return (
              <a
                key={item.to}
                href={item.to}
                aria-current={isActive ? "page" : undefined}
                // Closed on leaving, so a page brought back by the Back button shows it shut.
                onClick={() => setIsOpen(false)}
                className={cn(navLinkClasses({ isActive }), "py-3 text-base")}
              >
                {item.label}
              </a>
            );
          })}
          <div className="mt-3 grid grid-cols-2 gap-3 border-t border-gray-200 pt-4">
            <a href={paths.signIn.getHref("signin")} className={buttonClasses("secondary", "md")}>
              Sign In
            </a>
            <a href={paths.signIn.getHref("signup")} className={buttonClasses("primary", "md")}>
              Get Started
            </a>
          </div>
        </nav>
      </div>
    </div>
  );
}

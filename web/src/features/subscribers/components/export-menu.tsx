import type { SubscriberFilter } from "@contracts/subscribers";
import { ChevronDown, Download } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { buttonClasses } from "@/components/ui/button";
import { exportHref, isFiltered } from "../lib/subscriber-filter";

const itemClasses =
  "block cursor-pointer rounded-md px-3 py-2 text-sm text-gray-900 outline-none data-[highlighted]:bg-gray-100";

/**
 * CSV downloads, streamed by the server: of the list as filtered now, or of everything. The
 * browser sends the session cookie with the link like any other same-site request.
 */
export function ExportMenu({ filter }: { filter: SubscriberFilter }) {
  const filtered = isFiltered(filter);
  const everything = { sort: filter.sort };
  const items = filtered
    ? [
        { label: "Subscribers in this view", href: exportHref("subscribers", filter) },
        { label: "Payments of this view", href: exportHref("payments", filter) },
        { label: "All subscribers", href: exportHref("subscribers", everything) },
        { label: "All payments", href: exportHref("payments", everything) },
      ]
    : [
        { label: "All subscribers", href: exportHref("subscribers", filter) },
        { label: "All payments", href: exportHref("payments", filter) },
      ];
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClasses("secondary")}>
        <Download className="size-4" aria-hidden />
        Export CSV
        <ChevronDown className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      {/* Not portalled to <body>: drawn in place, the menu stays inside the main landmark
        (axe: region). It is positioned fixed, so no scroll box around it clips it. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        collisionPadding={8}
        className="z-30 min-w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
      >
        {items.map((item) => (
          <DropdownMenu.Item key={item.label} asChild className={itemClasses}>
            <a href={item.href} download>
              {item.label}
            </a>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

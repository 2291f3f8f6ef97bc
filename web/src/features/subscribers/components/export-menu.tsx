import type { SubscriberFilter } from "@contracts/subscribers";
import { ChevronDown, Download } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { downloadExport } from "../api/download-export";
import { exportHref, isFiltered } from "../lib/subscriber-filter";

const itemClasses =
  "block cursor-pointer rounded-md px-3 py-2 text-sm text-gray-900 outline-none data-[highlighted]:bg-gray-100 data-[disabled]:cursor-default data-[disabled]:text-gray-500";

interface ExportItem {
  label: string;
  href: string;
  kind: "subscribers" | "payments";
}

/**
 * CSV downloads, streamed by the server: of the list as filtered now, or of everything. Each is
 * fetched first, so a refusal (a session that ended, a server error) is said here with a retry
 * instead of failing silently in the browser's download bar.
 */
export function ExportMenu({ filter }: { filter: SubscriberFilter }) {
  const [exporting, setExporting] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ item: ExportItem; message: string } | null>(null);
  const filtered = isFiltered(filter);
  const everything = { sort: filter.sort };
  const items: ExportItem[] = filtered
    ? [
        {
          label: "Subscribers in this view",
          kind: "subscribers",
          href: exportHref("subscribers", filter),
        },
        { label: "Payments of this view", kind: "payments", href: exportHref("payments", filter) },
        {
          label: "All subscribers",
          kind: "subscribers",
          href: exportHref("subscribers", everything),
        },
        { label: "All payments", kind: "payments", href: exportHref("payments", everything) },
      ]
    : [
        { label: "All subscribers", kind: "subscribers", href: exportHref("subscribers", filter) },
        { label: "All payments", kind: "payments", href: exportHref("payments", filter) },
      ];

  async function runExport(item: ExportItem) {
    setExporting(item.label);
    setFailure(null);
    try {
      await downloadExport(item.href, `${item.kind}.csv`);
    } catch (error) {
      setFailure({ item, message: errorMessage(error, "The export failed. Please try again.") });
    } finally {
      setExporting(null);
    }
  }

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className={buttonClasses("secondary")} disabled={exporting !== null}>
          <Download className="size-4" aria-hidden />
          {exporting ? "Exporting..." : "Export CSV"}
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
            <DropdownMenu.Item
              key={item.label}
              className={itemClasses}
              onSelect={() => void runExport(item)}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {failure ? (
        <Alert tone="error" className="basis-full">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>
              Couldn't export “{failure.item.label}”: {failure.message}
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void runExport(failure.item)}
              disabled={exporting !== null}
            >
              Try again
            </Button>
          </div>
        </Alert>
      ) : null}
    </>
  );
}

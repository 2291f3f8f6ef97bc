import { useEffect } from "react";
import { useLocation } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";

/** Leaves the standalone entry: the address is loaded from the server, which sends the app. */
export function LoadFromServer({ href }: { href?: string }) {
  const location = useLocation();
  const target = href ?? `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    window.location.replace(target);
  }, [target]);
  return <FullPageSpinner />;
}

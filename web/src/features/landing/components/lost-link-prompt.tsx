import { paths } from "@/config/paths";

/** For customers who subscribed before and can't find their self-service link. */
export function LostLinkPrompt() {
  return (
    <p className="mt-2 text-xs text-gray-600">
      Already a subscriber?{" "}
      <a
        href={paths.manageLinks.getHref()}
        className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        Lost your link?
      </a>
    </p>
  );
}

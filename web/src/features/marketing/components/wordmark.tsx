import { Link } from "react-router";
import { paths } from "@/config/paths";

export function Wordmark() {
  return (
    <Link
      to={paths.home.getHref()}
      className="inline-flex items-center gap-2 rounded-md text-xl font-semibold tracking-tight text-gray-950"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      Regulars
    </Link>
  );
}

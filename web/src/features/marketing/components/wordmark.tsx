import { paths } from "@/config/paths";

export function Wordmark() {
  return (
    <a
      href={paths.home.getHref()}
      className="inline-flex items-center gap-2 rounded-md text-xl font-semibold tracking-tight text-gray-950"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      Regulars
    </a>
  );
}

import { cn } from "@/lib/cn";

interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  align?: "center" | "left";
  /** The page's own title is an h1; every section below it is an h2. */
  as?: "h1" | "h2";
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = "center",
  as: Heading = "h2",
}: SectionHeadingProps) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? <p className="text-sm font-semibold text-brand-700">{eyebrow}</p> : null}
      <Heading
        id={id}
        className={cn(
          "mt-3 font-semibold tracking-tight text-balance text-gray-950",
          Heading === "h1" ? "text-3xl sm:text-4xl" : "text-2xl sm:text-3xl",
        )}
      >
        {title}
      </Heading>
      {lead ? <p className="mt-4 text-base text-pretty text-gray-600">{lead}</p> : null}
    </div>
  );
}

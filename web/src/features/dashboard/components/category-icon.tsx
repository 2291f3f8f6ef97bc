import { findCategory } from "@contracts/catalogue";
import {
  Baby,
  Car,
  GraduationCap,
  HeartPulse,
  House,
  Laptop,
  type LucideIcon,
  Package,
  Palette,
  PawPrint,
  Sparkles,
  Star,
  Tag,
  UtensilsCrossed,
} from "lucide-react";

/**
 * The catalogue names its icons as lucide export names. Importing just these twelve keeps the
 * whole icon set (hundreds of kilobytes) out of the dashboard chunk.
 */
const iconsByName: Record<string, LucideIcon> = {
  House,
  PawPrint,
  UtensilsCrossed,
  HeartPulse,
  GraduationCap,
  Car,
  Package,
  Laptop,
  Sparkles,
  Baby,
  Palette,
  Star,
};

export function CategoryIcon({
  categoryId,
  className,
}: {
  categoryId: string;
  className?: string;
}) {
  const Icon = iconsByName[findCategory(categoryId)?.icon ?? ""] ?? Tag;
  return <Icon className={className} aria-hidden />;
}

import { z } from "zod";

/** The spec's 12 category ids, in display order; usable directly in `z.enum`. */
export const categoryIds = [
  "home-property",
  "pet-care",
  "food-beverage",
  "health-wellness",
  "education-skills",
  "automotive-transportation",
  "household-supplies",
  "technology-office",
  "personal-lifestyle",
  "kids-family",
  "hobby-recreation",
  "specialty-niche",
] as const;

type CategoryId = (typeof categoryIds)[number];
export const categoryIdSchema = z.enum(categoryIds);

export interface Category {
  id: CategoryId;
  name: string;
  /** The export name of a lucide-react icon component (the web maps it to the component). */
  icon: string;
  description: string;
  serviceTypes: readonly string[];
}

/** Longest service type name; matches the offering contract's `subcategory` limit. */
export const MAX_SERVICE_TYPE_LENGTH = 80;

export const categories: readonly Category[] = [
  {
    id: "home-property",
    name: "Home & Property",
    icon: "House",
    description: "Recurring care for houses, gardens and yards.",
    serviceTypes: [
      "Lawn Care",
      "House Cleaning",
      "Pool Maintenance",
      "Gutter Cleaning",
      "Pest Control",
      "Window Washing",
      "Snow Removal",
      "Handyman Services",
      "Landscaping",
      "Pressure Washing",
      "HVAC Maintenance",
      "Trash Bin Cleaning",
    ],
  },
  {
    id: "pet-care",
    name: "Pet Care",
    icon: "PawPrint",
    description: "Walks, grooming and supplies for pets.",
    serviceTypes: [
      "Dog Walking",
      "Pet Grooming",
      "Pet Sitting",
      "Pet Food Delivery",
      "Poop Scooping",
      "Dog Training",
      "Pet Treat Box",
      "Aquarium Maintenance",
    ],
  },
  {
    id: "food-beverage",
    name: "Food & Beverage",
    icon: "UtensilsCrossed",
    description: "Meals, coffee, wine and treats delivered on schedule.",
    serviceTypes: [
      "Meal Kit Delivery",
      "Coffee Subscription",
      "Wine Subscription",
      "Bakery Box",
      "Personal Chef",
      "Meal Prep",
      "Farm Produce Box",
      "Snack Box",
      "Craft Beer Club",
      "Tea Subscription",
    ],
  },
  {
    id: "health-wellness",
    name: "Health & Wellness",
    icon: "HeartPulse",
    description: "Training, massage and wellbeing services.",
    serviceTypes: [
      "Personal Training",
      "Yoga Classes",
      "Massage Therapy",
      "Nutrition Coaching",
      "Meditation Coaching",
      "Physical Therapy",
      "Supplement Delivery",
      "Fitness Classes",
    ],
  },
  {
    id: "education-skills",
    name: "Education & Skills",
    icon: "GraduationCap",
    description: "Lessons and coaching that build skills.",
    serviceTypes: [
      "Tutoring",
      "Music Lessons",
      "Language Lessons",
      "Coding Classes",
      "Art Classes",
      "Test Prep",
      "Career Coaching",
      "Swimming Lessons",
    ],
  },
  {
    id: "automotive-transportation",
    name: "Automotive & Transportation",
    icon: "Car",
    description: "Keeping cars clean, fuelled and maintained.",
    serviceTypes: [
      "Mobile Car Wash",
      "Car Detailing",
      "Oil Change Service",
      "Bike Maintenance",
      "Fuel Delivery",
      "Tire Rotation",
      "Rideshare Commute",
    ],
  },
  {
    id: "household-supplies",
    name: "Household Supplies",
    icon: "Package",
    description: "Everyday essentials restocked automatically.",
    serviceTypes: [
      "Cleaning Supplies",
      "Paper Goods",
      "Laundry Service",
      "Water Delivery",
      "Toiletries",
      "Air Filter Replacement",
      "Eco Refills",
    ],
  },
  {
    id: "technology-office",
    name: "Technology & Office",
    icon: "Laptop",
    description: "IT help and office services for small teams.",
    serviceTypes: [
      "IT Support",
      "Website Maintenance",
      "Computer Repair",
      "Data Backup",
      "Office Cleaning",
      "Bookkeeping",
      "Social Media Management",
      "Printer Supplies",
    ],
  },
  {
    id: "personal-lifestyle",
    name: "Personal & Lifestyle",
    icon: "Sparkles",
    description: "Grooming, styling and personal errands.",
    serviceTypes: [
      "Haircuts",
      "Personal Styling",
      "Flower Delivery",
      "Shaving Supplies",
      "Skincare Box",
      "Errand Running",
      "Dry Cleaning",
    ],
  },
  {
    id: "kids-family",
    name: "Kids & Family",
    icon: "Baby",
    description: "Help and fun for busy families.",
    serviceTypes: [
      "Babysitting",
      "Diaper Delivery",
      "Kids Activity Box",
      "After-School Care",
      "Toy Rental",
      "Kids Book Club",
    ],
  },
  {
    id: "hobby-recreation",
    name: "Hobby & Recreation",
    icon: "Palette",
    description: "Crafts, games and pastimes, every month.",
    serviceTypes: [
      "Craft Kits",
      "Book Club",
      "Board Game Club",
      "Gardening Kits",
      "Fishing Gear Box",
      "Photography Lessons",
      "Puzzle Subscription",
    ],
  },
  {
    id: "specialty-niche",
    name: "Specialty & Niche",
    icon: "Star",
    description: "Unique services with a loyal following.",
    serviceTypes: [
      "Plant Care",
      "Beekeeping Service",
      "Vinyl Record Club",
      "Cigar Club",
      "Collectibles Box",
      "Sock Subscription",
      "Candle Club",
    ],
  },
];

export function findCategory(id: string): Category | undefined {
  return categories.find((category) => category.id === id);
}

export function isKnownServiceType(categoryId: string, name: string): boolean {
  return findCategory(categoryId)?.serviceTypes.includes(name) ?? false;
}

export type AddCustomServiceTypeRefusal = "empty" | "too-long" | "unknown-category" | "duplicate";

/** Case- and spacing-insensitive key, so "dog  walking" counts as "Dog Walking". */
const serviceTypeKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Adds a custom service type to a category for the session only (spec: name and category
 * required, no duplicate within a category). Trims the name and refuses an empty or over-long
 * name, an unknown category, and a duplicate of a built-in or custom type in the same category,
 * compared case-insensitively. Pure: never mutates `custom`, always returns a fresh map.
 */
export function addCustomServiceType(
  custom: Readonly<Record<string, readonly string[]>>,
  categoryId: string,
  name: string,
): { custom: Record<string, string[]>; added: boolean; reason?: AddCustomServiceTypeRefusal } {
  const copy: Record<string, string[]> = Object.fromEntries(
    Object.entries(custom).map(([key, list]) => [key, [...list]]),
  );
  const trimmed = name.trim();
  if (!trimmed) return { custom: copy, added: false, reason: "empty" };
  if (trimmed.length > MAX_SERVICE_TYPE_LENGTH) {
    return { custom: copy, added: false, reason: "too-long" };
  }
  const category = findCategory(categoryId);
  if (!category) return { custom: copy, added: false, reason: "unknown-category" };
  const key = serviceTypeKey(trimmed);
  const existing = [...category.serviceTypes, ...(copy[category.id] ?? [])];
  if (existing.some((type) => serviceTypeKey(type) === key)) {
    return { custom: copy, added: false, reason: "duplicate" };
  }
  copy[category.id] = [...(copy[category.id] ?? []), trimmed];
  return { custom: copy, added: true };
}

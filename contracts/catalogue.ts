import { z } from "zod";

export interface Category {
  id: string;
  name: string;
  /** The name of a lucide-react icon component. */
  icon: string;
  description: string;
  serviceTypes: readonly string[];
}

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

export type CategoryId = (typeof categoryIds)[number];
export const categoryIdSchema = z.enum(categoryIds);

export const categories: ReadonlyArray<Category & { id: CategoryId }> = [
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

export function findCategory(id: string) {
  return categories.find((category) => category.id === id);
}

export function isKnownServiceType(categoryId: string, name: string): boolean {
  return findCategory(categoryId)?.serviceTypes.includes(name) ?? false;
}

/**
 * Adds a custom service type for the session only. Refuses an empty name and a duplicate
 * within the category (built-in or custom, case-insensitive). Pure: returns a new map.
 */
export function addCustomServiceType(
  custom: Readonly<Record<string, readonly string[]>>,
  categoryId: string,
  name: string,
): { custom: Record<string, string[]>; added: boolean } {
  const copy: Record<string, string[]> = Object.fromEntries(
    Object.entries(custom).map(([key, list]) => [key, [...list]]),
  );
  const trimmed = name.trim();
  const category = findCategory(categoryId);
  if (!trimmed || !category) return { custom: copy, added: false };
  const existing = [...category.serviceTypes, ...(copy[categoryId] ?? [])];
  if (existing.some((type) => type.toLowerCase() === trimmed.toLowerCase())) {
    return { custom: copy, added: false };
  }
  copy[categoryId] = [...(copy[categoryId] ?? []), trimmed];
  return { custom: copy, added: true };
}

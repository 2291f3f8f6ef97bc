import { z } from "zod";
import { isCustomUrlShape } from "../../../contracts/custom-url";
import { declareRoute, errorResponses, limitedBy } from "../../http/route-declaration";
import { ogImage } from "../../http/route-limits";
import { OG_IMAGE_VERSION_PATTERN } from "./og-image-card";

export const NO_SUCH_IMAGE =
  "There is no such image. Open the landing page again for its current preview.";

export const ogImageRoute = declareRoute({
  method: "get",
  path: "/og/{customUrl}/{file}",
  summary: "A landing page's preview image (og:image), at an address versioned by what it shows",
  description:
    "`file` is `{version}.png`, the version a hash of what the image shows (ADR 018). An address from before an edit redirects to the current image.",
  tags: ["og-image"],
  access: "public-offering",
  limit: limitedBy(
    ogImage,
    "Fetched once per shared link by each chat app or crawler, then cached by them for good; a render is ~50–100 ms of CPU, so tighter than pages.",
  ),
  request: {
    // A path that can't name an image (a NUL, "%FF", a malformed version) is a 404 before the
    // offering is looked up.
    params: z.object({
      customUrl: z.string().refine(isCustomUrlShape, { error: NO_SUCH_IMAGE }),
      file: z.string().regex(OG_IMAGE_VERSION_PATTERN, { error: NO_SUCH_IMAGE }),
    }),
  },
  responses: {
    200: {
      description: "The PNG, cacheable for good (its address changes with what it shows)",
      content: { "image/png": { schema: z.string().describe("PNG bytes") } },
    },
    302: { description: "The current image's address (Location): the offering changed" },
    304: { description: "The image named by If-None-Match is still the current one" },
    ...errorResponses([404, "No active offering at that address, or not an image's address."], 429),
  },
});

export const ogImageApi = [ogImageRoute];

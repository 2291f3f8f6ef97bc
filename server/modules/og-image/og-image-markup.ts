import type { OgImageCard } from "./og-image-card";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "./og-image-card";

/** The shape satori reads (what JSX would make), without React on the server. */
export interface ImageNode {
  type: "div";
  props: { style: Record<string, string | number>; children?: ImageNode[] | string };
}

function div(style: ImageNode["props"]["style"], children?: ImageNode[] | string): ImageNode {
  return { type: "div", props: children === undefined ? { style } : { style, children } };
}

const PADDING_X = 72;
const PADDING_Y = 64;
const CONTENT_WIDTH = OG_IMAGE_WIDTH - 2 * PADDING_X;
const TITLE_LINES = 3;
const TITLE_LINE_HEIGHT = 1.15;

/**
 * Short titles big, long ones smaller; past three lines the title ends in "…" (titles are at
 * most 120 characters, and a single 120-letter word is allowed to break anywhere).
 */
function titleFontSize(title: string): number {
  if (title.length <= 28) return 80;
  if (title.length <= 60) return 66;
  return 54;
}

/**
 * "$45.00 every 2 weeks" fits beside a business name at full size; "$100,000.00 every 3 months"
 * (the longest price, 26 characters) would leave the name a few letters, so it is drawn smaller.
 * Every label a monthly offering can have is at most 17 characters, so those images don't change.
 */
function priceFontSize(priceLabel: string): number {
  return priceLabel.length <= 20 ? 60 : 50;
}

/** One line, cut with "…": a service type or business name can be 80+ characters. */
const oneLine = {
  display: "block",
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
};

/**
 * The preview card: service type on top, the title in the middle (clamped to a fixed box), and
 * the price row pinned to the bottom, so no title can push the price out of the picture.
 */
export function ogImageMarkup(card: OgImageCard): ImageNode {
  const titleSize = titleFontSize(card.title);
  const titleBoxHeight = Math.ceil(TITLE_LINES * titleSize * TITLE_LINE_HEIGHT);
  // Sizes are spelled out rather than left to padding: satori's boxes are content-box, and a
  // box that grows with its text is how a long title pushed the price off the bottom.
  const page = div(
    {
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      display: "flex",
      // Flat, not a gradient: a gradient's PNG is 3× the bytes (140 KB against 45 KB) for
      // every cached image and every chat app that fetches one.
      backgroundColor: "#14532d",
      color: "#ffffff",
      fontFamily: "Inter, Inter Ext",
    },
    [],
  );
  const content = div(
    {
      width: CONTENT_WIDTH,
      height: OG_IMAGE_HEIGHT - 2 * PADDING_Y,
      margin: `${PADDING_Y}px ${PADDING_X}px`,
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
    },
    [
      div({ display: "flex", flexShrink: 0 }, [
        div(
          {
            ...oneLine,
            maxWidth: CONTENT_WIDTH,
            padding: "8px 22px",
            borderRadius: 999,
            backgroundColor: "rgba(255, 255, 255, 0.14)",
            color: "#dcfce7",
            fontSize: 28,
            fontWeight: 400,
          },
          card.category,
        ),
      ]),
      div(
        {
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          width: CONTENT_WIDTH,
          height: titleBoxHeight,
          flexShrink: 0,
          overflow: "hidden",
        },
        [
          div(
            {
              display: "block",
              width: CONTENT_WIDTH,
              lineClamp: TITLE_LINES,
              maxHeight: titleBoxHeight,
              overflow: "hidden",
              fontSize: titleSize,
              fontWeight: 700,
              lineHeight: TITLE_LINE_HEIGHT,
              letterSpacing: "-0.02em",
              wordBreak: "break-word",
            },
            card.title,
          ),
        ],
      ),
      div(
        {
          display: "flex",
          alignItems: "flex-end",
          justifyContent: "space-between",
          width: CONTENT_WIDTH,
          flexShrink: 0,
          borderTop: "2px solid rgba(255, 255, 255, 0.18)",
          paddingTop: 28,
        },
        [
          div(
            { fontSize: priceFontSize(card.priceLabel), fontWeight: 700, flexShrink: 0 },
            card.priceLabel,
          ),
          div(
            {
              display: "flex",
              flexDirection: "column",
              alignItems: "flex-end",
              marginLeft: 40,
              flexGrow: 1,
              flexShrink: 1,
              flexBasis: 0,
              minWidth: 0,
            },
            [
              ...(card.creatorName
                ? [
                    div(
                      { ...oneLine, maxWidth: "100%", fontSize: 28, color: "#dcfce7" },
                      card.creatorName,
                    ),
                  ]
                : []),
              div({ fontSize: 24, fontWeight: 700, color: "#86efac", marginTop: 6 }, "Regulars"),
            ],
          ),
        ],
      ),
    ],
  );
  page.props.children = [content];
  return page;
}

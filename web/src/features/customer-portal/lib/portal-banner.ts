/** What the banner at the top of the self-service page says after an action. */
export type Banner = { tone: "success" | "error"; text: string };

/** Reports an action's outcome to the page, which shows it in its banner. */
export type ReportOutcome = (banner: Banner) => void;

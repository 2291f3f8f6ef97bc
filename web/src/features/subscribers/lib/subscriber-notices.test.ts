import { describe, expect, it } from "vitest";
import { formatDate } from "@/lib/format-date";
import { subscriberNotices } from "./subscriber-notices";

/** The date as the list writes it, its spaces unbreakable. */
const day = (iso: string) => formatDate(iso).replace(/ /g, "\u00a0");
const none = { pause: null, endsAt: null, pendingSwitch: null };
const august = "2027-08-31T12:00:00.000Z";
const december = "2026-12-28T12:00:00.000Z";
const january = "2027-01-05T12:00:00.000Z";

describe("what is about to change for a subscriber", () => {
  it("says nothing for a subscriber carrying on as before", () => {
    expect(subscriberNotices(none)).toEqual([]);
  });

  it("says until when a pause lasts, or only that it is paused with no end set", () => {
    expect(subscriberNotices({ ...none, pause: { until: august } })).toEqual([
      { kind: "paused", text: `Paused until ${day(august)}` },
    ]);
    expect(subscriberNotices({ ...none, pause: { until: null } })).toEqual([
      { kind: "paused", text: "Paused" },
    ]);
  });

  it("says when a subscription set to end ends", () => {
    expect(subscriberNotices({ ...none, endsAt: december })).toEqual([
      { kind: "ending", text: `Ending ${day(december)}` },
    ]);
  });

  it("names the offering a downgrade moves to, and when", () => {
    const pendingSwitch = { offeringTitle: "Basic Lawn Care", effectiveAt: january };
    expect(subscriberNotices({ ...none, pendingSwitch })).toEqual([
      { kind: "switching", text: `Switching to Basic Lawn Care on ${day(january)}` },
    ]);
  });

  it("puts an ending first when several apply", () => {
    const notices = subscriberNotices({
      pause: { until: august },
      endsAt: december,
      pendingSwitch: { offeringTitle: "Basic Lawn Care", effectiveAt: january },
    });
    expect(notices.map((notice) => notice.kind)).toEqual(["ending", "paused", "switching"]);
  });
});

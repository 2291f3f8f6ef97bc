import { describe, expect, it } from "vitest";
import { filterFromSearchParams, filterQueryString, withFilter } from "./subscriber-filter";

describe("withFilter", () => {
  it("changes only the keys it is given, and keeps the tab", () => {
    const address = new URLSearchParams("tab=subscribers&q=mary&status=cancelled");
    // The debounced search landing after the status was picked: the status stays.
    const afterStatus = withFilter(address, { status: "ending" });
    const afterSearch = withFilter(afterStatus, { q: undefined });
    expect(afterSearch.toString()).toBe("tab=subscribers&status=ending");
  });

  it("clears what is named as undefined, and nothing else", () => {
    const address = new URLSearchParams("tab=subscribers&q=a&status=paused&sort=name");
    const cleared = withFilter(address, { q: undefined, offering: undefined, status: undefined });
    expect(cleared.toString()).toBe("tab=subscribers&sort=name");
  });

  it("round-trips a whole filter through the API's query string", () => {
    const filter = filterFromSearchParams(
      new URLSearchParams("q=%20ann%20&status=bogus&sort=name"),
    );
    expect(filter).toEqual({
      q: "ann",
      offering: undefined,
      status: undefined,
      sort: "name",
      postalCode: undefined,
    });
    expect(filterQueryString(filter)).toBe("?q=ann&sort=name");
  });

  it("reads a postal code prefix, and ignores one the API would refuse", () => {
    const filter = filterFromSearchParams(new URLSearchParams("postalCode=%20sw1a%201%20"));
    expect(filter.postalCode).toBe("sw1a 1");
    expect(filterQueryString(filter)).toBe("?postalCode=sw1a+1");
    expect(filterFromSearchParams(new URLSearchParams("postalCode=9%25")).postalCode).toBe(
      undefined,
    );
  });

  it("writes the postal code without touching the search (each filter its own key)", () => {
    const address = new URLSearchParams("tab=subscribers&q=mary&postalCode=941");
    // A late debounced postal code write keeps the search typed meanwhile, and the reverse.
    const afterSearch = withFilter(address, { q: "maria" });
    expect(withFilter(afterSearch, { postalCode: "9411" }).toString()).toBe(
      "tab=subscribers&q=maria&postalCode=9411",
    );
    expect(withFilter(address, { postalCode: undefined }).toString()).toBe(
      "tab=subscribers&q=mary",
    );
  });
});

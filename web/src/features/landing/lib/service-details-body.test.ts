import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { readInviteToken, waitlistReason } from "./service-details-body";

const token = `${"a".repeat(40)}_-Z`;

describe("readInviteToken", () => {
  it("reads the token from the link's fragment, and nothing else", () => {
    expect(readInviteToken(`#invite=${token}`)).toBe(token);
    expect(readInviteToken("")).toBeNull();
    expect(readInviteToken("#invite=short")).toBeNull();
    expect(readInviteToken(`#invite=${token}&x=1`)).toBeNull();
    expect(readInviteToken(`#other=${token}`)).toBeNull();
  });
});

describe("waitlistReason", () => {
  it("sends outside-the-area and full refusals to the waitlist with the server's message", () => {
    expect(waitlistReason(new ApiError(409, "offering_full", "Full."))).toBe("Full.");
    expect(waitlistReason(new ApiError(409, "outside_service_area", "Not there."))).toBe(
      "Not there.",
    );
    expect(waitlistReason(new ApiError(400, "validation_failed", "Gate code is required"))).toBe(
      null,
    );
    expect(waitlistReason(new Error("boom"))).toBeNull();
  });
});

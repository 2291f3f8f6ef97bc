import { describe, expect, it } from "vitest";
import { humanizeRequirement } from "./humanize-requirement";

describe("humanizeRequirement", () => {
  it("turns underscores into spaces and capitalises", () => {
    expect(humanizeRequirement("external_account")).toBe("External account");
  });

  it("reads Stripe's dotted ids as one phrase", () => {
    expect(humanizeRequirement("individual.first_name")).toBe("Individual first name");
    expect(humanizeRequirement("individual.dob.day")).toBe("Individual dob day");
    expect(humanizeRequirement("business_profile.mcc")).toBe("Business profile mcc");
  });
});

import { describe, expect, it } from "vitest";
import { renderAccountExistsEmail } from "./account-exists";
import { renderCreatorCancellationEmail } from "./creator-cancellation";
import { renderCreatorNewSubscriberEmail } from "./creator-new-subscriber";
import { renderCreatorPaymentFailedEmail } from "./creator-payment-failed";
import { renderCreatorSubscriptionChangeEmail } from "./creator-subscription-change";
import { renderEmailChangeConfirmEmail } from "./email-change-confirm";
import { renderEmailChangeRequestedEmail } from "./email-change-requested";
import { renderEmailChangedEmail } from "./email-changed";
import { renderManageLinkReplacedEmail } from "./manage-link-replaced";
import { renderManageLinksEmail } from "./manage-links";
import { renderPasswordResetEmail } from "./password-reset";
import { renderPaymentFailedEmail } from "./payment-failed";
import { renderPaymentReceiptEmail } from "./payment-receipt";
import { formatEmailDate, toHeaderValue } from "./render-email-message";
import { renderCancelScheduledEmail } from "./subscription-cancel-scheduled";
import { renderSubscriptionCancelledEmail } from "./subscription-cancelled";
import { renderSubscriptionConfirmationEmail } from "./subscription-confirmation";
import { renderSubscriptionPausedEmail } from "./subscription-paused";
import { renderSubscriptionResumedEmail } from "./subscription-resumed";
import { renderSubscriptionSwitchedEmail } from "./subscription-switched";
import { renderVerifyEmailEmail } from "./verify-email";
import { renderWaitlistInvitationEmail } from "./waitlist-invitation";

const manageUrl = "https://regulars.test/manage/sub_1?token=abc&x=1";
const dashboardUrl = "https://regulars.test/dashboard/subscribers";
const settingsUrl = "https://regulars.test/dashboard/settings";
const future = new Date("2099-03-03T12:00:00Z");
const customer = {
  to: "ann@example.com",
  subscriberName: "Ann",
  offeringTitle: "Bread Club",
  creatorName: "Joe's Bakery",
};
const creator = {
  to: "joe@example.com",
  businessName: "Joe's Bakery",
  subscriberName: "Ann",
  subscriberEmail: "ann@example.com",
  offeringTitle: "Bread Club",
  dashboardUrl,
  settingsUrl,
};

/** The href as it appears in the HTML attribute. */
const hrefOf = (url: string) => `href="${url.replaceAll("&", "&amp;")}"`;

describe("customer e-mails", () => {
  it("confirms a subscription with its price and the private manage link", async () => {
    const message = await renderSubscriptionConfirmationEmail({
      ...customer,
      priceCents: 2500,
      cadence: "month",
      manageUrl,
    });
    expect(message.to).toBe("ann@example.com");
    expect(message.subject).toBe("Welcome to Bread Club");
    expect(message.text).toContain("Your subscription is now active at $25.00/month.");
    expect(message.text).toContain(`Manage your subscription: ${manageUrl}`);
    expect(message.text).toContain("Keep this link private");
    expect(message.html).toContain(hrefOf(manageUrl));
    expect(message.html).toContain("Sent by Regulars");
  });

  it("says a $0 subscription is free instead of quoting a price", async () => {
    const message = await renderSubscriptionConfirmationEmail({
      ...customer,
      priceCents: 0,
      cadence: "month",
      manageUrl,
    });
    expect(message.text).toContain("it's free");
    expect(message.text).not.toContain("$0.00");
  });

  it("quotes the price with the subscriber's own cadence", async () => {
    const texts = await Promise.all(
      (["week", "two_weeks", "three_months", "year"] as const).map(async (cadence) => {
        const message = await renderSubscriptionConfirmationEmail({
          ...customer,
          priceCents: 4500,
          cadence,
          manageUrl,
        });
        expect(message.text).not.toContain("month.");
        return message.text;
      }),
    );
    expect(texts[0]).toContain("Your subscription is now active at $45.00/week.");
    expect(texts[1]).toContain("Your subscription is now active at $45.00 every 2 weeks.");
    expect(texts[2]).toContain("Your subscription is now active at $45.00 every 3 months.");
    expect(texts[3]).toContain("Your subscription is now active at $45.00/year.");
  });

  it("shows a promo code's discount on a receipt, and until when it lasts", async () => {
    const base = {
      ...customer,
      amountCents: 2000,
      paidAt: new Date("2027-03-03T23:30:00Z"),
      cardBrand: "visa",
      cardLast4: "4242",
      manageUrl,
    };
    const lasting = await renderPaymentReceiptEmail({
      ...base,
      discountCents: 500,
      discountEndsAt: new Date("2027-06-03T00:00:00Z"),
    });
    expect(lasting.text).toContain("$5.00 off, until June 3, 2027");
    const forever = await renderPaymentReceiptEmail({ ...base, discountCents: 500 });
    expect(forever.text).toContain("$5.00 off");
    expect(forever.text).not.toContain("until");
    const none = await renderPaymentReceiptEmail(base);
    expect(none.text).not.toContain("Discount");
  });

  it("gives a receipt with amount, date, card and manage link", async () => {
    const message = await renderPaymentReceiptEmail({
      ...customer,
      amountCents: 2500,
      paidAt: new Date("2027-03-03T23:30:00Z"),
      cardBrand: "visa",
      cardLast4: "4242",
      manageUrl,
    });
    expect(message.subject).toBe("Receipt for Bread Club");
    expect(message.text).toContain("$25.00");
    expect(message.text).toContain("March 3, 2027");
    expect(message.text).toContain("Visa ending in 4242");
    expect(message.text).toContain(manageUrl);
    expect(message.html).toContain(hrefOf(manageUrl));

    const withoutCard = await renderPaymentReceiptEmail({
      ...customer,
      amountCents: 2500,
      paidAt: new Date("2027-03-03T00:00:00Z"),
      cardBrand: null,
      cardLast4: null,
      manageUrl,
    });
    expect(withoutCard.text).not.toContain("ending in");
  });

  it("asks for a new card when a payment fails, with the retry date", async () => {
    const message = await renderPaymentFailedEmail({
      ...customer,
      amountCents: 2500,
      nextAttemptAt: new Date("2027-03-10T00:00:00Z"),
      updateCardUrl: manageUrl,
    });
    expect(message.subject).toBe("Your payment for Bread Club failed");
    expect(message.text).toContain("couldn't charge your card $25.00");
    expect(message.text).toContain("March 10, 2027");
    expect(message.text).toContain(`Update your card: ${manageUrl}`);
    expect(message.html).toContain(hrefOf(manageUrl));
  });

  it("words a cancellation by its cause and by whether access remains", async () => {
    const byCustomer = await renderSubscriptionCancelledEmail({
      ...customer,
      cancelledBy: "customer",
      endsAt: future,
    });
    expect(byCustomer.subject).toBe("Your Bread Club subscription is cancelled");
    expect(byCustomer.text).toContain("You cancelled your Bread Club subscription.");
    expect(byCustomer.text).toContain(
      "You keep access until March 3, 2099; you won't be charged again.",
    );

    const byCreator = await renderSubscriptionCancelledEmail({
      ...customer,
      cancelledBy: "creator",
      endsAt: null,
    });
    expect(byCreator.text).toContain("The business cancelled");
    expect(byCreator.text).toContain("It has ended; you won't be charged again.");

    const byFailures = await renderSubscriptionCancelledEmail({
      ...customer,
      cancelledBy: "failed_payments",
      endsAt: null,
    });
    expect(byFailures.text).toContain("after repeated failed payments");
  });

  it("tells the old address where mail goes now, without a manage link", async () => {
    const props = {
      offeringTitle: "Bread Club",
      oldEmail: "ann@example.com",
      newEmail: "ann@new.example",
    };
    const toOld = await renderEmailChangedEmail({
      ...props,
      to: "ann@example.com",
      recipient: "old",
      manageUrl: null,
    });
    expect(toOld.subject).toBe("Your e-mail for Bread Club was changed");
    expect(toOld.text).toContain("now go to ann@new.example");
    expect(toOld.text).toContain("If you didn't make this change, reply to this e-mail.");
    expect(toOld.html).not.toContain("href=");

    const toNew = await renderEmailChangedEmail({
      ...props,
      to: "ann@new.example",
      recipient: "new",
      manageUrl,
    });
    expect(toNew.text).toContain(manageUrl);
    expect(toNew.html).toContain(hrefOf(manageUrl));
  });
});

describe("self-service link e-mails (issue 18)", () => {
  const confirmUrl = "https://regulars.test/email-change/confirm?token=abc";
  const undoUrl = "https://regulars.test/email-change/undo?token=def";

  it("asks the new address to confirm, with no manage link and a way to ignore it", async () => {
    const message = await renderEmailChangeConfirmEmail({
      to: "new@example.com",
      offeringTitle: "Bread Club",
      confirmUrl,
    });
    expect(message.subject).toBe("Confirm your new e-mail for Bread Club");
    expect(message.text).toContain(`Confirm E-mail Change: ${confirmUrl}`);
    expect(message.text).toContain("Nothing changes until you confirm it.");
    expect(message.text).toContain("24 hours");
    expect(message.html).toContain(hrefOf(confirmUrl));
    expect(message.text).not.toContain("/customer/");
  });

  it("tells the current address what was asked and how to undo it", async () => {
    const message = await renderEmailChangeRequestedEmail({
      to: "ann@example.com",
      offeringTitle: "Bread Club",
      newEmail: "new@example.com",
      undoUrl,
    });
    expect(message.to).toBe("ann@example.com");
    expect(message.text).toContain("from ann@example.com to new@example.com");
    expect(message.text).toContain(`Undo This Change: ${undoUrl}`);
    expect(message.text).toContain("replaces your manage link");
  });

  it("sends the new manage link, saying the old one stopped working", async () => {
    const message = await renderManageLinkReplacedEmail({
      to: "ann@example.com",
      offeringTitle: "Bread Club",
      manageUrl,
      reason: "asked",
    });
    expect(message.subject).toBe("Your new link for Bread Club");
    expect(message.text).toContain(`Manage your subscription: ${manageUrl}`);
    expect(message.text).toContain("The old link no longer works");
    const undone = await renderManageLinkReplacedEmail({
      to: "ann@example.com",
      offeringTitle: "Bread Club",
      manageUrl,
      reason: "undo",
    });
    expect(undone.text).toContain("was undone");
    expect(undone.text).toContain("still ann@example.com");
  });
});

describe("creator e-mails", () => {
  it("announces a new subscriber with the settings footer", async () => {
    const message = await renderCreatorNewSubscriberEmail({
      ...creator,
      priceCents: 2500,
      cadence: "month",
    });
    expect(message.subject).toBe("New subscriber: Ann joined Bread Club");
    expect(message.text).toContain("ann@example.com");
    expect(message.text).toContain("$25.00/month");
    expect(message.text).toContain(dashboardUrl);
    expect(message.text).toContain(
      `You can turn these e-mails off in Account settings: ${settingsUrl}`,
    );
    expect(message.html).toContain(hrefOf(settingsUrl));
  });

  it("gives a new subscriber's price with their cadence, or Free", async () => {
    const weekly = await renderCreatorNewSubscriberEmail({
      ...creator,
      priceCents: 4500,
      cadence: "two_weeks",
    });
    expect(weekly.text).toContain("$45.00 every 2 weeks");
    expect(weekly.text).not.toContain("month");
    const free = await renderCreatorNewSubscriberEmail({
      ...creator,
      priceCents: 0,
      cadence: "week",
    });
    expect(free.text).toContain("Free");
    expect(free.text).not.toContain("$0.00");
  });

  it("names who ended a subscription in the subject", async () => {
    const subjects = await Promise.all(
      (["customer", "creator", "failed_payments"] as const).map(async (cancelledBy) => {
        const message = await renderCreatorCancellationEmail({
          ...creator,
          cancelledBy,
          endsAt: future,
        });
        expect(message.text).toContain("They keep access until March 3, 2099");
        return message.subject;
      }),
    );
    expect(subjects).toEqual([
      "Ann cancelled Bread Club",
      "You cancelled Ann's Bread Club subscription",
      "Ann's Bread Club subscription ended after failed payments",
    ]);
  });

  it("reports a failed payment with amount and retry date", async () => {
    const message = await renderCreatorPaymentFailedEmail({
      ...creator,
      amountCents: 2500,
      nextAttemptAt: new Date("2027-03-10T00:00:00Z"),
    });
    expect(message.subject).toBe("Payment failed: Ann (Bread Club)");
    expect(message.text).toContain("$25.00");
    expect(message.text).toContain("March 10, 2027");
    expect(message.html).toContain(hrefOf(dashboardUrl));
  });
});

describe("account and public e-mails", () => {
  it("sends the reset, verify and account-exists links", async () => {
    const resetUrl = "https://regulars.test/reset-password?token=t1";
    const reset = await renderPasswordResetEmail({ to: "joe@example.com", resetUrl });
    expect(reset.subject).toBe("Reset your Regulars password");
    expect(reset.text).toContain(resetUrl);
    expect(reset.text).toContain("expires in 1 hour");

    const verifyUrl = "https://regulars.test/verify?token=t2";
    const verify = await renderVerifyEmailEmail({ to: "joe@example.com", verifyUrl });
    expect(verify.subject).toBe("Verify your e-mail for Regulars");
    expect(verify.html).toContain(hrefOf(verifyUrl));

    const signInUrl = "https://regulars.test/sign-in";
    const exists = await renderAccountExistsEmail({ to: "joe@example.com", signInUrl, resetUrl });
    expect(exists.subject).toBe("Someone tried to create a Regulars account with your e-mail");
    expect(exists.text).toContain(signInUrl);
    expect(exists.text).toContain(resetUrl);
  });

  it("lists every subscription with its status and link", async () => {
    const message = await renderManageLinksEmail({
      to: "ann@example.com",
      links: [
        { offeringTitle: "Bread Club", creatorName: "Joe's Bakery", manageUrl, status: "active" },
        {
          offeringTitle: "Coffee",
          creatorName: null,
          manageUrl: "https://regulars.test/manage/sub_2?token=def",
          status: "past_due",
        },
      ],
    });
    expect(message.subject).toBe("Your subscription links");
    expect(message.text).toContain("Active");
    expect(message.text).toContain("Past due");
    expect(message.text).toContain("https://regulars.test/manage/sub_2?token=def");
    expect(message.html).toContain(hrefOf(manageUrl));
    expect(message.text).toContain("Keep these links private");
  });
});

describe("user-supplied text", () => {
  it("is escaped in HTML, literal in text, and can't break the subject line", async () => {
    const message = await renderSubscriptionConfirmationEmail({
      ...customer,
      subscriberName: '<script>alert("x")</script>',
      offeringTitle: "Bread\r\nBcc: victim@example.com",
      priceCents: 2500,
      cadence: "month",
      manageUrl,
    });
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("&lt;script&gt;");
    expect(message.text).toContain('<script>alert("x")</script>');
    expect(message.subject).toBe("Welcome to Bread Bcc: victim@example.com");
  });

  it("formats dates in UTC", () => {
    expect(formatEmailDate(new Date("2027-03-03T23:59:00Z"))).toBe("March 3, 2027");
    expect(toHeaderValue(" a\u2028b\n\nc ")).toBe("a b c");
  });
});

const hostile = '<script>alert("x")</script>';

describe("customer control e-mails (issue 21)", () => {
  const control = {
    to: "ann@example.com",
    subscriberName: "Ann",
    offeringTitle: "Bread Club",
    manageUrl,
  };
  const pricing = { priceCents: 2500, cadence: "month" as const };

  it("says when a scheduled cancellation ends the subscription, and how to resume", async () => {
    const message = await renderCancelScheduledEmail({
      ...control,
      endsAt: future,
      cancelledBy: "customer",
    });
    expect(message.subject).toBe("Your Bread Club subscription ends on March 3, 2099");
    expect(message.text).toContain("You set your Bread Club subscription to end on March 3, 2099.");
    expect(message.text).toContain("you won't be charged again");
    expect(message.text).toContain("You can resume any time before March 3, 2099.");
    expect(message.text).toContain(`Resume subscription: ${manageUrl}`);
    expect(message.text).toContain("Keep this link private");
    expect(message.html).toContain(hrefOf(manageUrl));

    const byCreator = await renderCancelScheduledEmail({
      ...control,
      endsAt: future,
      cancelledBy: "creator",
    });
    expect(byCreator.text).toContain("The business set your Bread Club subscription to end");
  });

  it("words a resumption by its reason, with the next charge", async () => {
    const nextChargeAt = new Date("2027-04-03T00:00:00Z");
    const uncancelled = await renderSubscriptionResumedEmail({
      ...control,
      ...pricing,
      nextChargeAt,
      reason: "uncancelled",
    });
    expect(uncancelled.subject).toBe("Your Bread Club subscription will continue");
    expect(uncancelled.text).toContain("Your next charge is $25.00/month on April 3, 2027.");
    expect(uncancelled.text).toContain(`Manage your subscription: ${manageUrl}`);
    expect(uncancelled.text).toContain("Keep this link private");

    const pauseEnded = await renderSubscriptionResumedEmail({
      ...control,
      ...pricing,
      nextChargeAt,
      reason: "pause_ended",
    });
    expect(pauseEnded.subject).toBe("Your Bread Club subscription is active again");
    expect(pauseEnded.text).toContain("You ended your pause");
    expect(pauseEnded.text).toContain("Your next charge is $25.00/month on April 3, 2027.");

    const reminder = await renderSubscriptionResumedEmail({
      ...control,
      priceCents: 4500,
      cadence: "two_weeks",
      nextChargeAt,
      reason: "pause_ending_soon",
    });
    expect(reminder.subject).toBe("Your Bread Club subscription resumes on April 3, 2027");
    expect(reminder.text).toContain(
      "Your pause ends: your card will be charged $45.00 every 2 weeks on April 3, 2027.",
    );
    expect(reminder.text).toContain("You can pause again or cancel before then.");
    expect(reminder.html).toContain(hrefOf(manageUrl));
  });

  it("doesn't quote a charge for a free subscription or without a date", async () => {
    const free = await renderSubscriptionResumedEmail({
      ...control,
      priceCents: 0,
      cadence: "month",
      nextChargeAt: future,
      reason: "uncancelled",
    });
    expect(free.text).not.toContain("$0.00");
    const undated = await renderSubscriptionResumedEmail({
      ...control,
      ...pricing,
      nextChargeAt: null,
      reason: "pause_ending_soon",
    });
    expect(undated.subject).toBe("Your Bread Club subscription resumes soon");
    expect(undated.text).toContain("at the next renewal");
  });

  it("says a pause charges nothing, when it resumes by itself, and how to resume now", async () => {
    const until = new Date("2027-09-01T00:00:00Z");
    const message = await renderSubscriptionPausedEmail({ ...control, ...pricing, until });
    expect(message.subject).toBe("Your Bread Club subscription is paused until September 1, 2027");
    expect(message.text).toContain("Nothing is charged while it's paused.");
    expect(message.text).toContain(
      "It resumes by itself. Your next charge is $25.00/month on September 1, 2027.",
    );
    expect(message.text).toContain(`Resume now: ${manageUrl}`);
    expect(message.text).toContain("Keep this link private");
    expect(message.html).toContain(hrefOf(manageUrl));

    const open = await renderSubscriptionPausedEmail({ ...control, ...pricing, until: null });
    expect(open.subject).toBe("Your Bread Club subscription is paused");
    expect(open.text).not.toContain("resumes by itself");
  });

  it("tells an upgrade what was charged now and a downgrade that nothing is", async () => {
    const switched = {
      to: "ann@example.com",
      subscriberName: "Ann",
      fromTitle: "Basic Lawn",
      toTitle: "Full Lawn",
      cadence: "month" as const,
      manageUrl,
    };
    const upgrade = await renderSubscriptionSwitchedEmail({
      ...switched,
      priceCents: 6000,
      effectiveAt: new Date("2027-03-15T00:00:00Z"),
      chargedNowCents: 1742,
      isImmediate: true,
    });
    expect(upgrade.subject).toBe("You've moved to Full Lawn");
    expect(upgrade.text).toContain("We charged $17.42 for the rest of this period.");
    expect(upgrade.text).toContain("From the next renewal, it's $60.00/month.");
    expect(upgrade.text).toContain(`Manage your subscription: ${manageUrl}`);
    expect(upgrade.text).toContain("Keep this link private");

    const downgrade = await renderSubscriptionSwitchedEmail({
      ...switched,
      fromTitle: "Full Lawn",
      toTitle: "Basic Lawn",
      priceCents: 3000,
      effectiveAt: new Date("2027-04-01T00:00:00Z"),
      chargedNowCents: 0,
      isImmediate: false,
    });
    expect(downgrade.subject).toBe("You're moving to Basic Lawn on April 1, 2027");
    expect(downgrade.text).toContain("nothing is charged now");
    expect(downgrade.text).toContain("From April 1, 2027, it's $30.00/month.");
    expect(downgrade.text).not.toContain("We charged");
    expect(downgrade.html).toContain(hrefOf(manageUrl));
  });

  it("escapes a hostile name and keeps the subject on one line", async () => {
    const messages = await Promise.all([
      renderCancelScheduledEmail({
        ...control,
        subscriberName: hostile,
        offeringTitle: "Bread\r\nBcc: victim@example.com",
        endsAt: future,
        cancelledBy: "customer",
      }),
      renderSubscriptionResumedEmail({
        ...control,
        ...pricing,
        subscriberName: hostile,
        nextChargeAt: future,
        reason: "pause_ended",
      }),
      renderSubscriptionPausedEmail({
        ...control,
        ...pricing,
        subscriberName: hostile,
        until: future,
      }),
      renderSubscriptionSwitchedEmail({
        to: "ann@example.com",
        subscriberName: hostile,
        fromTitle: "Basic",
        toTitle: hostile,
        ...pricing,
        effectiveAt: future,
        chargedNowCents: 100,
        isImmediate: true,
        manageUrl,
      }),
    ]);
    for (const message of messages) {
      expect(message.html).not.toContain("<script>");
      expect(message.html).toContain("&lt;script&gt;");
      expect(message.text).toContain(hostile);
      expect(message.subject).not.toMatch(/[\r\n]/);
    }
    expect(messages[0]?.subject).toBe(
      "Your Bread Bcc: victim@example.com subscription ends on March 3, 2099",
    );
  });
});

describe("creator subscription change e-mails (issue 21)", () => {
  const base = { ...creator, offeringTitle: "Basic Lawn" };

  it("words each change in one sentence and subject, with details and links", async () => {
    const endsAt = new Date("2027-04-01T00:00:00Z");
    const cases = [
      {
        change: { kind: "cancel_scheduled", endsAt, by: "customer" },
        subject: "Ann set Basic Lawn to end on April 1, 2027",
        sentence: "Ann set their subscription to end on April 1, 2027.",
      },
      {
        change: { kind: "cancel_scheduled", endsAt, by: "creator" },
        subject: "You set Ann's Basic Lawn subscription to end on April 1, 2027",
        sentence: "You set Ann's subscription to end on April 1, 2027.",
      },
      {
        change: { kind: "resumed" },
        subject: "Ann resumed Basic Lawn",
        sentence: "Ann resumed their subscription",
      },
      {
        change: { kind: "paused", until: endsAt },
        subject: "Ann paused Basic Lawn until April 1, 2027",
        sentence: "Ann paused until April 1, 2027.",
      },
      {
        change: { kind: "paused", until: null },
        subject: "Ann paused Basic Lawn",
        sentence: "Ann paused. They aren't charged while paused.",
      },
      {
        change: { kind: "pause_ended" },
        subject: "Ann ended their pause of Basic Lawn",
        sentence: "Ann ended their pause",
      },
      {
        change: { kind: "switched", toTitle: "Full Lawn", effectiveAt: endsAt, isImmediate: true },
        subject: "Ann moved from Basic Lawn to Full Lawn",
        sentence: "Ann moved from Basic Lawn to Full Lawn.",
      },
      {
        change: { kind: "switched", toTitle: "Mow Only", effectiveAt: endsAt, isImmediate: false },
        subject: "Ann is moving from Basic Lawn to Mow Only on April 1, 2027",
        sentence: "Ann is moving from Basic Lawn to Mow Only on April 1, 2027.",
      },
      {
        change: {
          kind: "address_changed",
          address: "99 Oak Ave, San Francisco, CA 94117, US",
          phone: "(415) 555-0134",
        },
        subject: "Ann changed their service address for Basic Lawn",
        sentence: "Ann's visits are now at 99 Oak Ave, San Francisco, CA 94117, US.",
      },
    ] as const;
    for (const { change, subject, sentence } of cases) {
      const message = await renderCreatorSubscriptionChangeEmail({ ...base, change });
      expect(message.to).toBe("joe@example.com");
      expect(message.subject).toBe(subject);
      expect(message.text).toContain(sentence);
      expect(message.text).toContain("Hi Joe's Bakery,");
      expect(message.text).toContain("ann@example.com");
      expect(message.text).toContain("Basic Lawn");
      expect(message.text).toContain(`Open your dashboard: ${dashboardUrl}`);
      expect(message.text).toContain(
        `You can turn these e-mails off in Account settings: ${settingsUrl}`,
      );
      expect(message.html).toContain(hrefOf(dashboardUrl));
      expect(message.html).toContain(hrefOf(settingsUrl));
      expect(message.text).not.toContain("Keep this link private");
    }
  });

  it("greets without a business name and escapes a hostile subscriber", async () => {
    const message = await renderCreatorSubscriptionChangeEmail({
      ...base,
      businessName: null,
      subscriberName: hostile,
      change: { kind: "pause_ended" },
    });
    expect(message.text).toContain("Hi,");
    expect(message.text).not.toContain("null");
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("&lt;script&gt;");
    expect(message.text).toContain(hostile);
  });
});

describe("waitlist invitation (issue 22)", () => {
  it("says the spot is held until when, links the invitation, and asks not to share it", async () => {
    const message = await renderWaitlistInvitationEmail({
      to: "wai@example.com",
      name: "Wai",
      offeringTitle: "Dog Walks",
      inviteUrl: "https://regulars.test/landing/dog-walks#invite=abc",
      expiresAt: new Date("2027-03-03T15:00:00Z"),
    });
    expect(message.subject).toBe("A spot opened in Dog Walks");
    expect(message.text).toContain("Hi Wai,");
    expect(message.text).toContain("Wednesday, March 3 at 3:00 PM UTC");
    expect(message.text).toContain("https://regulars.test/landing/dog-walks#invite=abc");
    expect(message.text).toContain("don't share it");
    expect(message.html).toContain("Claim your spot");
  });
});

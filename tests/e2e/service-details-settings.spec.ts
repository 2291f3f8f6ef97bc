import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { type Offering, offeringListSchema } from "../../contracts/offerings";
import { type QuestionKind, questionKindLabels } from "../../contracts/service-details";
import { readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { createSellingCreator } from "./helpers/api";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 22, the creator's side: an offering's service details (on-site, a service area, a
// capacity and sign-up questions of every kind) set in the create dialog and changed in the
// edit dialog, at a laptop's width and a phone's, with axe on each dialog. Shots of the dialogs
// go to /tmp/shots/ for a human look.

const widths = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 812 } },
];

const questions: Array<{
  label: string;
  kind: QuestionKind;
  required?: boolean;
  choices?: string;
}> = [
  { label: "Gate code", kind: "short_text", required: true },
  { label: "Lawn size", kind: "choice", choices: "Small\nMedium\nLarge" },
  { label: "Anything we should know?", kind: "long_text" },
  { label: "Lawn area in square feet", kind: "number" },
  { label: "Preferred start date", kind: "date" },
  { label: "Do you have a dog?", kind: "yes_no" },
];

async function offeringTitled(page: Page, title: string): Promise<Offering> {
  const list = await readJson(await page.request.get("/api/offerings"), offeringListSchema);
  const offering = list.offerings.find((candidate) => candidate.title === title);
  if (!offering) throw new Error(`no offering titled ${title}`);
  return offering;
}

const questionGroup = (dialog: Locator, n: number) =>
  dialog.getByRole("group", { name: `Question ${n}`, exact: true });

/** The service details section in view, then the viewport shot (the dialog scrolls inside). */
async function shootServiceDetails(page: Page, dialog: Locator, file: string) {
  mkdirSync("/tmp/shots", { recursive: true });
  await dialog.getByRole("heading", { name: "Service details" }).scrollIntoViewIfNeeded();
  await screenshotForReview(page, { path: `/tmp/shots/${file}-details.png` });
  await dialog.getByRole("button", { name: "Add question" }).scrollIntoViewIfNeeded();
  await screenshotForReview(page, { path: `/tmp/shots/${file}-questions.png` });
}

for (const { name, viewport } of widths) {
  test(`a creator sets an area, a capacity and questions of each kind, then edits them, at ${name} px`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await createSellingCreator(page.request, baseURL!, { title: "Hedges", priceCents: 2000 });
    await page.setViewportSize(viewport);
    await page.goto("/dashboard");
    const title = `Weekly Mowing ${name}`;

    await test.step("create with on-site, an area, a capacity and six questions", async () => {
      await page.getByRole("button", { name: "Create Subscription" }).first().click();
      const create = page.getByRole("dialog", { name: "Create New Subscription" });
      await create.getByLabel("Title").fill(title);
      await create.getByLabel("Category").selectOption("home-property");
      await create.getByLabel("Service Type").selectOption("Lawn Care");
      await create.getByLabel("Description").fill("Mowing and edging, every week.");
      await create.getByLabel("Price per month (USD)").fill("40");

      const onSite = create.getByLabel("Service at the customer's address (on-site)");
      await expect(create.getByLabel("Service area")).toHaveCount(0);
      await onSite.check();
      await expect(
        create.getByText(
          "Customers enter the service address and a phone number when they subscribe.",
        ),
      ).toBeVisible();
      await create.getByLabel("Service area").fill("940, 94110");
      await create.getByLabel("Capacity").fill("2");

      for (const [index, question] of questions.entries()) {
        await create.getByRole("button", { name: "Add question" }).click();
        const group = questionGroup(create, index + 1);
        // The new question's label takes the focus, ready to type.
        await expect(group.getByLabel("Question", { exact: true })).toBeFocused();
        await page.keyboard.type(question.label);
        await group.getByLabel("Answer").selectOption({ label: questionKindLabels[question.kind] });
        if (question.required) await group.getByLabel("Required").check();
        if (question.choices)
          await group.getByLabel("Choices, one per line").fill(question.choices);
      }
      const add = create.getByRole("button", { name: "Add question" });
      if (name === "1280") {
        // Ten at most: the button says why it is disabled; deleting one enables it again.
        for (let n = questions.length + 1; n <= 10; n += 1) await add.click();
        await expect(add).toBeDisabled();
        await expect(create.getByText("An offering asks at most 10 questions.")).toBeVisible();
        for (let n = 10; n > questions.length; n -= 1) {
          await create.getByRole("button", { name: `Delete question ${n}`, exact: true }).click();
        }
      }
      await expect(add).toBeEnabled();

      // Keyboard: the first question moves down, and the focus follows it.
      const down = create.getByRole("button", { name: "Move question 1, Gate code down" });
      await down.focus();
      await page.keyboard.press("Enter");
      await expect(questionGroup(create, 2).getByLabel("Question", { exact: true })).toHaveValue(
        "Gate code",
      );
      await expect(
        create.getByRole("button", { name: "Move question 2, Gate code down" }),
      ).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(
        create.getByRole("button", { name: "Move question 2, Gate code up" }),
      ).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(questionGroup(create, 1).getByLabel("Question", { exact: true })).toHaveValue(
        "Gate code",
      );

      await expectNoHorizontalOverflow(page, `create dialog at ${name} px`, true);
      await expectNoAxeViolations(page, `create dialog at ${name} px`, {
        soft: true,
        include: '[role="dialog"]',
      });
      await shootServiceDetails(page, create, `create-${name}`);

      await create.getByRole("button", { name: "Create Subscription" }).click();
      await expect(create).toBeHidden();
      await expect(
        page.getByText(`“${title}” is live. Copy its public URL to share it.`, { exact: true }),
      ).toBeVisible();
      await expect(page.getByText("Capacity 2", { exact: true })).toBeVisible();
    });

    const created = await offeringTitled(page, title);
    expect(created).toMatchObject({ onSite: true, serviceArea: ["940", "94110"], capacity: 2 });
    expect(created.questions.map((q) => [q.label, q.kind, q.required, q.choices])).toEqual(
      questions.map((q) => [
        q.label,
        q.kind,
        Boolean(q.required),
        q.choices ? q.choices.split("\n") : [],
      ]),
    );

    await test.step("edit: rename a question, delete one, raise the capacity", async () => {
      await page.getByRole("button", { name: `Edit ${title}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit Subscription" });
      await expect(edit.getByLabel("Service at the customer's address (on-site)")).toBeChecked();
      await expect(edit.getByLabel("Service area")).toHaveValue("940, 94110");
      await expect(edit.getByLabel("Capacity")).toHaveValue("2");
      await expect(questionGroup(edit, 2).getByLabel("Choices, one per line")).toHaveValue(
        "Small\nMedium\nLarge",
      );

      await questionGroup(edit, 1)
        .getByLabel("Question", { exact: true })
        .fill("Gate or door code");
      await edit
        .getByRole("button", { name: "Delete question 3, Anything we should know?" })
        .click();
      // The next question takes the deleted one's place and the focus.
      await expect(questionGroup(edit, 3).getByLabel("Question", { exact: true })).toBeFocused();
      await expect(edit.getByRole("group", { name: /^Question \d+$/ })).toHaveCount(5);
      await edit.getByLabel("Capacity").fill("3");

      // A list question with one choice is refused at its field, before any request.
      await questionGroup(edit, 2).getByLabel("Choices, one per line").fill("Small");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(edit.getByText('"Lawn size" needs at least 2 different choices')).toBeVisible();
      await expectNoAxeViolations(page, `edit dialog with an error at ${name} px`, {
        soft: true,
        include: '[role="dialog"]',
      });
      await questionGroup(edit, 2).getByLabel("Choices, one per line").fill("Small\nLarge");

      await expectNoHorizontalOverflow(page, `edit dialog at ${name} px`, true);
      await expectNoAxeViolations(page, `edit dialog at ${name} px`, {
        soft: true,
        include: '[role="dialog"]',
      });
      await shootServiceDetails(page, edit, `edit-${name}`);
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByText("Capacity 3", { exact: true })).toBeVisible();
    });

    const edited = await offeringTitled(page, title);
    expect(edited.capacity).toBe(3);
    expect(edited.questions.map((q) => q.label)).toEqual([
      "Gate or door code",
      "Lawn size",
      "Lawn area in square feet",
      "Preferred start date",
      "Do you have a dog?",
    ]);
    // The renamed question is the same question: its answers stay with it.
    expect(edited.questions[0]!.id).toBe(created.questions[0]!.id);
    expect(edited.questions[1]!.choices).toEqual(["Small", "Large"]);
  });
}

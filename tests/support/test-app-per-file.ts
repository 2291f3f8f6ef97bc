import { afterAll, beforeAll } from "vitest";
import { createOnboardedCreator, type OnboardedCreator } from "../factories/offering-factory";
import { createTestApp, type TestApp } from "../setup/test-app";

/** What a file's app is started with: `webDistDir` to serve the web shell too. */
type TestAppOptions = Parameters<typeof createTestApp>[1];

/**
 * One test app for the whole file: started before its first test (then `onStart`, to keep it
 * and set up what every test shares), closed after its last.
 */
export function startTestAppPerFile(
  onStart: (app: TestApp) => void | Promise<void>,
  options?: TestAppOptions,
) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({}, options);
    await onStart(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** startTestAppPerFile with a creator who has finished onboarding and can be paid, the usual start. */
export function startCreatorAppPerFile(
  onStart: (started: { app: TestApp; creator: OnboardedCreator }) => void | Promise<void>,
  options?: TestAppOptions,
) {
  startTestAppPerFile(
    async (app) => onStart({ app, creator: await createOnboardedCreator(app) }),
    options,
  );
}

/**
 * The environment a child process (the Stripe emulator, the PGlite migration helper) starts
 * with: this process's own, so PATH, locale and the operator's tuning carry over, plus the
 * given variables. A default applies only where the parent sets nothing.
 */
export function childProcessEnv(
  overrides: Record<string, string>,
  defaults: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return { ...defaults, ...process.env, ...overrides };
}

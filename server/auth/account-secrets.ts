import type { Db } from "../db/client";
import type { Auth } from "./auth";
import { isTwoFactorEnabled } from "./auth-repository";
import { claimTotpCode, type TotpClaim } from "./totp-once";

/** What our own routes ask of better-auth's credentials before a dangerous action. */
export interface AccountSecrets {
  isTwoFactorEnabled(userId: string): Promise<boolean>;
  /** Checks the password against the account's hash, the way better-auth's sign-in does. */
  isPasswordCorrect(userId: string, password: string): Promise<boolean>;
  /** Accepts an authenticator code once (see claimTotpCode). */
  claimTotpCode(userId: string, code: string): Promise<TotpClaim>;
}

export function createAccountSecrets(auth: Auth, db: Db): AccountSecrets {
  return {
    isTwoFactorEnabled: (userId) => isTwoFactorEnabled(db, userId),
    async isPasswordCorrect(userId, password) {
      const context = await auth.$context;
      const accounts = await context.internalAdapter.findAccounts(userId);
      const hash = accounts.find((account) => account.providerId === "credential")?.password;
      if (!hash) return false;
      return context.password.verify({ hash, password });
    },
    async claimTotpCode(userId, code) {
      const context = await auth.$context;
      return claimTotpCode({ db, secretKey: context.secretConfig, userId, code });
    },
  };
}

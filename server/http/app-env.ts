import type { RequestIdVariables } from "hono/request-id";
import type { AuthSession } from "../auth/auth";

export interface AppEnv {
  Variables: RequestIdVariables & {
    session: AuthSession | null;
  };
}

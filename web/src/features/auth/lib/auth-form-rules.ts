// What the auth forms check, loaded on first use (lazyResolver): zod stays off the page's
// first load. The jitless switch comes first, before any schema is built.
import "@/lib/zod-jitless";
import {
  credentialsSchema,
  SIGN_UP_SIGN_IN_FAILED_MESSAGE,
  signInCredentialsSchema,
} from "@contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";

export const signUpResolver = zodResolver(credentialsSchema);
export const signInResolver = zodResolver(signInCredentialsSchema);
export { SIGN_UP_SIGN_IN_FAILED_MESSAGE };

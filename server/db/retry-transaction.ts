/** SQLSTATEs after which PostgreSQL has rolled the transaction back and a retry can succeed. */
const RETRYABLE = new Set(["40P01", "40001"]);

function sqlState(error: unknown): string | undefined {
  // drizzle wraps the driver's error as `cause`.
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Runs a whole transaction again when PostgreSQL chose it as a deadlock's victim (or failed it
 * for serialization). Two writers that lock the same rows in different orders, such as an
 * account deletion cascading through earnings while a webhook records one, are each correct;
 * one of them is rolled back and simply has to run again.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

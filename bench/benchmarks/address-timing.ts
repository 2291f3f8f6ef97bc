import { randomUUID } from "node:crypto";
import { subscribeOverHttp } from "../../tests/support/subscribe-over-http";
import { median, record, round } from "../lib/results";
import type { ServerProcess } from "../lib/server-process";

/** Per endpoint and kind of address; interleaved, so load and caches fall on both alike. */
const REQUESTS_PER_KIND = 50;
/** Untimed requests first, so neither side pays for warming the code paths. */
const WARM_UP = 6;
/** The target: a known address's median within 20% of an unknown one's. */
const MAX_DIFFERENCE = 0.2;

let clientCounter = 0;
/**
 * A client address of its own for every request (198.18.0.0/15, RFC 2544), through the trusted
 * proxy header: the per-client rate limits (5 resets, 10 "Lost your link?" a minute) would
 * otherwise turn the run into 429s. The per-address mail cap only limits what the job sends.
 */
function nextClientAddress() {
  clientCounter += 1;
  return `198.18.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`;
}

async function timePost(server: ServerProcess, origin: string, path: string, email: string) {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: origin,
      "X-Forwarded-For": nextClientAddress(),
    },
    body: JSON.stringify({ email }),
  });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

const unknownAddress = () => `nobody-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Issue 18, Security 3: can response times tell which addresses have an account or a
 * subscription? For "Lost your link?" and password reset: 50 known and 50 unknown addresses,
 * alternating, one request at a time; the medians and their ratio.
 */
export async function benchAddressTiming(
  server: ServerProcess,
  origin: string,
  emulatorUrl: string,
  customUrl: string,
) {
  // An account, so the password reset has someone to mail.
  const accountEmail = `account-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: origin,
      "X-Forwarded-For": nextClientAddress(),
    },
    body: JSON.stringify({ email: accountEmail, password: "bench-password", name: "" }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  // A subscriber, so "Lost your link?" has something to send for this address.
  const subscriberEmail = `subscriber-${randomUUID().slice(0, 8)}@example.com`;
  await subscribeOverHttp({
    baseUrl: server.baseUrl,
    origin,
    emulatorUrl,
    customUrl,
    name: "Known Subscriber",
    email: subscriberEmail,
    forwardedFor: nextClientAddress(),
  });

  const endpoints = [
    { name: '"Lost your link?"', path: "/api/public/manage-links", knownEmail: subscriberEmail },
    {
      name: "password reset",
      path: "/api/auth/request-password-reset",
      knownEmail: accountEmail,
    },
  ];
  for (const endpoint of endpoints) {
    for (let i = 0; i < WARM_UP; i += 1) {
      await timePost(server, origin, endpoint.path, i % 2 ? endpoint.knownEmail : unknownAddress());
    }
    const times = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    let failures = 0;
    for (let i = 0; i < REQUESTS_PER_KIND * 2; i += 1) {
      const isKnown = i % 2 === 0;
      const result = await timePost(
        server,
        origin,
        endpoint.path,
        isKnown ? endpoint.knownEmail : unknownAddress(),
      );
      if (result.status !== 200) failures += 1;
      answers.add(`${result.status} ${result.body}`);
      (isKnown ? times.known : times.unknown).push(result.ms);
    }
    const knownMedian = median(times.known);
    const unknownMedian = median(times.unknown);
    const ratio = knownMedian / unknownMedian;
    const benchmark = `9. address timing: ${endpoint.name}`;
    record({
      benchmark,
      metric: "median, known address",
      value: round(knownMedian),
      unit: "ms",
    });
    record({
      benchmark,
      metric: "median, unknown address",
      value: round(unknownMedian),
      unit: "ms",
    });
    record({
      benchmark,
      metric: "known / unknown medians",
      value: round(ratio, 3),
      unit: "ratio",
      target: `${1 - MAX_DIFFERENCE} – ${1 + MAX_DIFFERENCE}`,
      meetsTarget: Math.abs(ratio - 1) <= MAX_DIFFERENCE,
    });
    record({
      benchmark,
      metric: "distinct answers (status and body)",
      value: answers.size,
      unit: "count",
      target: "1",
      meetsTarget: answers.size === 1,
    });
    record({
      benchmark,
      metric: "non-200 answers",
      value: failures,
      unit: "count",
      target: "0",
      meetsTarget: failures === 0,
    });
  }
}

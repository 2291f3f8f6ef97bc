import autocannon from "autocannon";

let requestNumber = 0;

/**
 * Each request from its own client address, as a popular page's visitors are: the per-address
 * limit on public reads (server/http/route-limits.ts) then costs what it costs and refuses none.
 */
function fromNextAddress(request: autocannon.Request) {
  requestNumber += 1;
  const address = `198.18.${(requestNumber >> 8) & 255}.${requestNumber & 255}`;
  request.headers = { ...request.headers, "x-forwarded-for": address };
  return request;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** `seconds` of GETs of `url` from 100 connections, each with `headers`. */
export async function load(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: 100,
    duration: seconds,
    headers,
    requests: [{ setupRequest: fromNextAddress }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

/**
 * Browser-side source (plain ES2019, spliced into the stripe.js IIFE): how the script talks to
 * the emulator's REST API. It resolves, never rejects: Stripe.js reports every failure as
 * `{ error }`, and a request that never arrives is an `api_connection_error`.
 * Expects `API_BASE` in scope.
 */
// biome-ignore lint/complexity/noUselessStringRaw: browser source; raw keeps any regex escape literal
export const httpSource = String.raw`
  // Stripe's form encoding: nested keys as a[b][c], arrays as a[0]; null/undefined omitted.
  function formEncode(value, prefix, out) {
    out = out || [];
    if (value === undefined || value === null) return out;
    if (typeof value === "object") {
      var keys = Object.keys(value);
      for (var i = 0; i < keys.length; i++) {
        var key = prefix ? prefix + "[" + keys[i] + "]" : keys[i];
        formEncode(value[keys[i]], key, out);
      }
    } else if (prefix) {
      out.push(encodeURIComponent(prefix) + "=" + encodeURIComponent(String(value)));
    }
    return out;
  }

  function connectionError() {
    return {
      error: {
        type: "api_connection_error",
        message: "We could not reach the payment service. Check your connection and try again.",
      },
    };
  }

  function apiRequest(stripe, method, path, params) {
    var url = API_BASE + path;
    var query = formEncode(params || {}).join("&");
    var headers = { Authorization: "Bearer " + stripe._key };
    if (stripe._stripeAccount) headers["Stripe-Account"] = stripe._stripeAccount;
    var init = { method: method, headers: headers };
    if (method === "GET") {
      if (query) url += "?" + query;
    } else {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      init.body = query;
    }
    var response;
    try {
      response = fetch(url, init);
    } catch (e) {
      return Promise.resolve(connectionError());
    }
    return response.then(
      function (res) {
        return res.text().then(function (text) {
          var body = null;
          try {
            body = JSON.parse(text);
          } catch (e) {
            body = null;
          }
          if (body && typeof body === "object" && body.error) return { error: body.error };
          if (!res.ok || !body || typeof body !== "object") {
            return {
              error: {
                type: "api_error",
                message: "The payment service answered with an unexpected response (HTTP " + res.status + ").",
              },
            };
          }
          return { data: body };
        });
      },
      connectionError,
    );
  }
`;

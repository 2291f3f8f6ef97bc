import type { Context, Hono } from "hono";
import type { ContentfulStatusCode, StatusCode } from "hono/utils/http-status";
import {
  type CheckoutForm,
  collectCheckoutDetails,
  type ShippingFields,
  settleCheckout,
  submitCheckout,
} from "../billing/checkout-completion";
import { answerThreeDSecure } from "../billing/confirmation";
import { cancelFromPortal, replaceDefaultCard } from "../billing/portal-sessions";
import { answerSetupThreeDSecure } from "../billing/setup-intents";
import { completeOnboarding } from "../connect/onboarding";
import type { Emulator } from "../core/context";
import { StripeApiError } from "../core/errors";
import type { Stored } from "../core/state";
import { parseBody, readBody } from "../http/body";
import { corsHeaders } from "../http/cors";
import type { EmulatorEnv } from "../http/env";
import { renderCheckoutPage } from "../pages/checkout";
import { renderExpressDashboardPage } from "../pages/express";
import { escapeHtml, layout } from "../pages/html";
import { type InvoiceView, renderInvoicePage, renderInvoicePdf } from "../pages/invoice";
import { renderOnboardingPage } from "../pages/onboarding";
import { renderPortalPage } from "../pages/portal";
import { renderThreeDSecurePage } from "../pages/three-d-secure";

function renderDonePage(title: string, message: string, script = "") {
  return layout({
    title,
    body: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${script}`,
  });
}

type PageResponse = {
  status: number;
  html?: string;
  redirect?: string;
  json?: unknown;
  pdf?: Buffer;
};

/** What a page handler gets: the page's id and action from the path, and the posted form. */
interface PageRequest {
  method: string;
  path: string;
  id: string;
  action: string | undefined;
  form: Record<string, string>;
  wantsJson: boolean;
}

type PageHandler = (em: Emulator, request: PageRequest) => PageResponse | null;

const html = (body: string, status = 200): PageResponse => ({ status, html: body });
const redirect = (url: string): PageResponse => ({ status: 303, redirect: url });
const notFound = () =>
  html(renderDonePage("Not found", "This page does not exist or has expired."), 404);

function cardFrom(form: Record<string, string>) {
  return {
    number: (form.card_number ?? "").replace(/\s+/g, ""),
    expMonth: Number(form.exp_month),
    expYear: Number(form.exp_year),
    cvc: form.cvc ?? "",
  };
}

function messageOf(error: unknown) {
  return error instanceof StripeApiError
    ? error.body.message
    : "Something went wrong. Please try again.";
}

const onboardingPage: PageHandler = (em, { method, path, id, form }) => {
  const link = em.store.get(id, "account_link");
  if (!link) return notFound();
  // Used or expired: Stripe sends the user to refresh_url, where the app mints a new link.
  if (link._used || link.expires_at <= em.store.now())
    return { status: 302, redirect: link._refresh_url };
  const account = em.store.get(link._account, "account")!;
  if (method === "GET")
    return html(
      renderOnboardingPage({ accountId: account.id, email: account.email, action: path }),
    );
  const missing = [
    "business_name",
    "first_name",
    "last_name",
    "routing_number",
    "account_number",
  ].filter((f) => !form[f]?.trim());
  if (missing.length > 0) {
    return html(
      renderOnboardingPage({
        accountId: account.id,
        email: account.email,
        action: path,
        error: `Please fill in: ${missing.join(", ").replaceAll("_", " ")}.`,
      }),
      400,
    );
  }
  completeOnboarding(em, account, {
    businessName: form.business_name,
    firstName: form.first_name,
    lastName: form.last_name,
  });
  link._used = true;
  em.store.put(link);
  return redirect(link._return_url);
};

const expressDashboardPage: PageHandler = (em, { method, id }) => {
  if (method === "GET") {
    const login = em.store.get(id, "login_link");
    if (!login) return notFound();
    const account = em.store.get(login._account, "account")!;
    const balance = em.store.balance(account.id);
    const pick = (o: { id: string; amount: number; created: number }) => ({
      id: o.id,
      amount: o.amount,
      created: o.created,
    });
    return html(
      renderExpressDashboardPage({
        accountId: account.id,
        email: account.email,
        available: balance.available,
        pending: balance.pending,
        applicationFees: em.store.listWhere("application_fee", "account", account.id).map(pick),
        transfers: em.store.listWhere("transfer", "destination", account.id).map(pick),
        payoutSchedule: account.settings?.payouts?.schedule?.interval ?? "daily",
      }),
    );
  }
  return null;
};

/** The shipping fields the Checkout page posts, named as its inputs are. */
function shippingFieldsFrom(form: Record<string, string>): ShippingFields {
  return {
    name: form.shipping_name ?? "",
    line1: form.shipping_line1 ?? "",
    line2: form.shipping_line2 ?? "",
    city: form.shipping_city ?? "",
    state: form.shipping_state ?? "",
    postal_code: form.shipping_postal_code ?? "",
    country: form.shipping_country ?? "",
    phone: form.phone ?? "",
  };
}

/** What the Checkout page's shipping and phone inputs start with: the session customer's. */
function prefilledShipping(
  em: Emulator,
  session: Stored<"checkout.session">,
): Partial<ShippingFields> {
  const customer = session.customer
    ? em.store.get(session.customer as string, "customer")
    : undefined;
  if (!customer) return {};
  const address = customer.shipping?.address;
  return {
    name: customer.shipping?.name ?? "",
    line1: address?.line1 ?? "",
    line2: address?.line2 ?? "",
    city: address?.city ?? "",
    state: address?.state ?? "",
    postal_code: address?.postal_code ?? "",
    country: address?.country ?? "",
    phone: customer.shipping?.phone ?? customer.phone ?? "",
  };
}

const checkoutPage: PageHandler = (em, { method, path, id, form }) => {
  const session = em.store.get(id, "checkout.session");
  if (!session) return notFound();
  const price = em.store.get(session._price!, "price")!;
  const product = em.store.get(price.product as string, "product");
  const shippingFields =
    method === "POST" ? shippingFieldsFrom(form) : prefilledShipping(em, session);
  const view = (error?: string) =>
    renderCheckoutPage({
      allowedCountries:
        (session.shipping_address_collection?.allowed_countries as string[] | undefined) ?? null,
      collectPhone: session.phone_number_collection?.enabled ?? false,
      shipping: shippingFields,
      sessionId: session.id,
      productName: product?.name ?? "Subscription",
      amount: price.unit_amount ?? 0,
      currency: price.currency ?? "usd",
      interval: price.recurring?.interval ?? "month",
      customerEmail: session.customer_email,
      action: path,
      cancelUrl: session.cancel_url ?? "",
      publishableKey: "pk_test_emulator",
      discountedTotal: session.total_details?.amount_discount
        ? (session.amount_total ?? undefined)
        : undefined,
      error,
    });
  const success = () =>
    redirect(String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", session.id));
  if (session.status === "complete") return success();
  if (session.status !== "open")
    return html(renderDonePage("Checkout expired", "This checkout session has expired."), 410);
  try {
    if (method === "GET") {
      // Back from a 3-D Secure challenge, or a first visit.
      const settled = settleCheckout(em, session);
      return settled?.status === "complete" ? success() : html(view());
    }
    let details: CheckoutForm["details"];
    try {
      details = collectCheckoutDetails(session, shippingFieldsFrom(form));
    } catch (error) {
      // A missing field or a country not shipped to: the form again, with what to fix.
      return html(view(messageOf(error)), 400);
    }
    const card = cardFrom(form);
    const outcome = submitCheckout(em, session, {
      details,
      email: form.email ?? "",
      name: form.name ?? "",
      cardNumber: card.number,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cvc: card.cvc,
    });
    return outcome.status === "complete" ? success() : redirect(outcome.challengeUrl);
  } catch (error) {
    return html(view(messageOf(error)), 402);
  }
};

const billingPortalPage: PageHandler = (em, { method, id, action, form }) => {
  const session = em.store.get(id, "billing_portal.session");
  if (!session) return notFound();
  const customer = em.store.get(session.customer as string, "customer")!;
  let message: string | undefined;
  let error: string | undefined;
  if (method === "POST" && action === "card") {
    try {
      replaceDefaultCard(em, customer, cardFrom(form));
      message = "Your card was updated.";
    } catch (e) {
      error = messageOf(e);
    }
  }
  if (method === "POST" && action === "cancel") {
    if (cancelFromPortal(em, customer, form.subscription ?? "")) {
      message = "Your subscription was cancelled.";
    } else {
      error = "That subscription could not be cancelled.";
    }
  }
  const pmId = customer.invoice_settings?.default_payment_method as string | null;
  const pm = pmId ? em.store.get(pmId, "payment_method") : undefined;
  return html(
    renderPortalPage({
      sessionId: session.id,
      customerEmail: customer.email,
      subscriptions: em.store
        .list("subscription", (s) => s.customer === customer.id)
        .map((s) => {
          // The emulator's subscriptions have one item each.
          const item = s.items.data[0]!;
          const product = em.store.get(item.price.product as string, "product");
          return {
            id: s.id,
            status: s.status,
            productName: product?.name ?? "Subscription",
            amount: item.price.unit_amount ?? 0,
            currentPeriodEnd: item.current_period_end,
            cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
          };
        }),
      card: pm?.card
        ? {
            brand: pm.card.brand,
            last4: pm.card.last4,
            expMonth: pm.card.exp_month,
            expYear: pm.card.exp_year,
          }
        : null,
      returnUrl: session.return_url as string,
      updateCardAction: `/billing_portal/${session.id}/card`,
      cancelAction: `/billing_portal/${session.id}/cancel`,
      message,
      error,
    }),
    error ? 402 : 200,
  );
};

/** A PaymentIntent's or a SetupIntent's challenge: the same page, with nothing to pay for the latter. */
const threeDSecurePage: PageHandler = (em, { method, id, action, wantsJson }) => {
  const pi = em.store.get(id, "payment_intent") ?? em.store.get(id, "setup_intent");
  if (!pi) return notFound();
  const returnUrl = (pi.next_action?.redirect_to_url?.return_url as string | null) ?? null;
  if (method === "GET") {
    return html(
      renderThreeDSecurePage({
        paymentIntentId: pi.id,
        amount: pi.object === "payment_intent" ? pi.amount : null,
        currency: pi.object === "payment_intent" ? pi.currency : "usd",
        completeAction: `/3ds/${pi.id}/complete`,
        failAction: `/3ds/${pi.id}/fail`,
        returnUrl,
      }),
    );
  }
  if (method === "POST" && action) {
    const outcome = action as "complete" | "fail";
    const after =
      pi.object === "payment_intent"
        ? answerThreeDSecure(em, pi, outcome)
        : answerSetupThreeDSecure(em, pi, outcome);
    if (wantsJson) return { status: 200, json: { status: after.status } };
    if (returnUrl) return redirect(returnUrl);
    const notify = `<script>try{parent.postMessage(${JSON.stringify({ type: "stripe-emulator-3ds-complete", paymentIntentId: pi.id, status: after.status })},"*")}catch(e){}</script>`;
    return html(
      renderDonePage(
        after.status === "succeeded" ? "Authentication complete" : "Authentication failed",
        "You can close this window.",
        notify,
      ),
    );
  }
  return null;
};

/**
 * Who issues the invoice: the connected account it is on behalf of (its business name, else
 * its dashboard name or e-mail), else the platform.
 */
function businessNameOf(em: Emulator, invoice: Stored<"invoice">): string {
  const account = invoice.on_behalf_of
    ? em.store.get(invoice.on_behalf_of as string, "account")
    : undefined;
  return (
    account?.business_profile?.name ||
    account?.settings?.dashboard?.display_name ||
    account?.email ||
    invoice.account_name ||
    "Regulars (emulated)"
  );
}

function invoiceViewOf(em: Emulator, invoice: Stored<"invoice">): InvoiceView {
  const pi = invoice._payment_intent
    ? em.store.get(invoice._payment_intent, "payment_intent")
    : undefined;
  const pm =
    invoice.status === "paid" && pi?.payment_method
      ? em.store.get(pi.payment_method as string, "payment_method")
      : undefined;
  return {
    businessName: businessNameOf(em, invoice),
    number: invoice.number,
    date: invoice.status_transitions.finalized_at ?? invoice.created,
    customerName: invoice.customer_name,
    customerEmail: invoice.customer_email,
    lines: invoice.lines.data.map((l) => ({ description: l.description ?? "", amount: l.amount })),
    discounts: invoice.total_discount_amounts!.map((d) => {
      const coupon = em.store.get(d.discount as string, "discount")?.coupon;
      return { name: coupon?.name ?? coupon?.id ?? "Discount", amount: d.amount };
    }),
    total: invoice.total,
    amountPaid: invoice.amount_paid,
    status: invoice.status ?? "draft",
    currency: invoice.currency,
    card: pm?.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null,
  };
}

/** The hosted invoice page (hosted_invoice_url) and its PDF (invoice_pdf). */
const invoicePage: PageHandler = (em, { method, id, action }) => {
  const invoice = em.store.get(id, "invoice");
  if (!invoice) return notFound();
  if (method !== "GET") return null;
  const view = invoiceViewOf(em, invoice);
  return action === "pdf"
    ? { status: 200, pdf: renderInvoicePdf(view) }
    : html(renderInvoicePage(view));
};

function send(c: Context<EmulatorEnv>, page: PageResponse | null): Response {
  if (!page) return c.text("Not found", 404);
  if (page.pdf)
    return c.body(new Uint8Array(page.pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": "inline",
    });
  const status = page.status as ContentfulStatusCode;
  if (page.redirect) return c.body(null, page.status as StatusCode, { Location: page.redirect });
  if (page.json !== undefined)
    return c.body(JSON.stringify(page.json), status, {
      "Content-Type": "application/json",
      ...corsHeaders,
    });
  return c.body(page.html ?? "", status, { "Content-Type": "text/html; charset=utf-8" });
}

function servePage(em: Emulator, handle: PageHandler) {
  return async (c: Context<EmulatorEnv>) => {
    const raw = await readBody(c.req.raw);
    // Pages read text fields; anything nested or odd becomes its string form.
    const form = Object.fromEntries(
      Object.entries(raw ? parseBody(raw, c.req.header("content-type")) : {}).map(([k, v]) => [
        k,
        typeof v === "string" ? v : String(v ?? ""),
      ]),
    );
    const page = handle(em, {
      method: c.req.method,
      path: c.req.path,
      id: c.req.param("id") ?? "",
      action: c.req.param("action"),
      form,
      wantsJson: (c.req.header("accept") ?? "").includes("application/json"),
    });
    em.store.commit();
    return send(c, page);
  };
}

/**
 * The pages Stripe hosts: onboarding, Express dashboard, Checkout, billing portal, 3-D Secure,
 * and each invoice's page and PDF.
 */
export function mountHostedPages(app: Hono<EmulatorEnv>, em: Emulator) {
  app.all("/connect/onboarding/:id{acctlink_\\w+}", servePage(em, onboardingPage));
  app.all("/express/:id{lnk_\\w+}", servePage(em, expressDashboardPage));
  app.all("/checkout/:id{cs_\\w+}", servePage(em, checkoutPage));
  app.all("/billing_portal/:id{bps_\\w+}/:action{card|cancel}?", servePage(em, billingPortalPage));
  app.all("/3ds/:id{(?:pi|seti)_\\w+}/:action{complete|fail}?", servePage(em, threeDSecurePage));
  app.all("/invoices/:id{\\w+}/:action{pdf}?", servePage(em, invoicePage));
}

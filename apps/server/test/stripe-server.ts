import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { STRIPE_WEBHOOK_PATH, endpointUrl, type PaidPlan } from '@storyreel/core'

/**
 * A fake Stripe on 127.0.0.1 speaking its REST wire format for the calls Storyreel makes
 * (form-encoded requests with bracketed keys, JSON objects with their `object` field, Stripe's
 * error objects), plus the two pages a browser visits: a hosted Checkout page whose Pay button
 * completes the session and sends the browser to its success_url, and a billing portal page.
 * Tests drive what Stripe would do on its own (a renewal, a cancellation) and build the
 * webhook events it would send, signed with the test secret through the official SDK.
 */

export const FAKE_STRIPE_KEY = 'sk_test_storyreel_fake'
export const FAKE_WEBHOOK_SECRET = 'whsec_storyreel_fake_secret'
export const FAKE_PRICES: Record<PaidPlan, string> = {
  STARTER: 'price_1StarterMonthly',
  PRO: 'price_1ProMonthly',
}
const AMOUNTS: Record<PaidPlan, number> = { STARTER: 4999, PRO: 9999 }

type Json = Record<string, unknown>

export interface SeenStripeRequest {
  method: string
  path: string
  /** The form body (POST) or query (GET), decoded into nested objects and arrays. */
  params: Json
  authorization: string | undefined
  idempotencyKey: string | undefined
  stripeVersion: string | undefined
}

export interface StripeErrorBody {
  type: string
  message: string
  code?: string
  param?: string
}

export interface FakeStripe {
  /** The base to give as STRIPE_API_BASE; also serves the Checkout and portal pages. */
  url: string
  /** Settings for a server that uses it. */
  env: Record<string, string>
  requests: SeenStripeRequest[]
  /** Checkout sessions and subscriptions as Stripe holds them now, by id. */
  sessions: Map<string, Json>
  subscriptions: Map<string, Json>
  /**
   * Completes a checkout as a payment does: a customer (unless the session had one) and an
   * active subscription, or an incomplete one while the payment is still processing.
   */
  completeCheckout(
    sessionId: string,
    opts?: { paymentStatus?: 'paid' | 'unpaid' },
  ): { session: Json; subscription: Json }
  expireCheckout(sessionId: string): Json
  /** Changes a subscription as the portal or a renewal would; `periodEnd` in Unix seconds. */
  updateSubscription(
    id: string,
    patch: { status?: string; plan?: PaidPlan; periodEnd?: number },
  ): Json
  /** Cancels a subscription now, as the portal's "cancel immediately" does. */
  cancelSubscription(id: string): Json
  /** An invoice of the subscription as Stripe's invoice events carry it. */
  invoiceFor(subscriptionId: string, status?: 'paid' | 'open'): Json
  /** An event as Stripe sends it, carrying a copy of the object as it is now. */
  event(type: string, object: Json, opts?: { created?: number }): Json
  /** Called with checkout.session.completed when a browser pays, before it is sent back. */
  onCheckoutPaid: ((event: Json) => Promise<void>) | null
  /** Answers the next API request with this error and status. */
  failNext(status: number, error: StripeErrorBody): void
  reset(): void
  close(): Promise<void>
}

const webhooks = new Stripe(FAKE_STRIPE_KEY).webhooks

/** The Stripe-Signature header Stripe would send with this body. */
export function signatureFor(body: string, secret = FAKE_WEBHOOK_SECRET, timestamp?: number) {
  return webhooks.generateTestHeaderString({ payload: body, secret, timestamp })
}

/**
 * Sends an event to a server's webhook as Stripe does: the JSON body and its signature.
 * `signature` replaces the right one (a forged or stale delivery).
 */
export async function deliverEvent(
  serverUrl: string,
  event: Json,
  opts: { signature?: string; secret?: string } = {},
): Promise<{ status: number; body: { data: unknown; message: string | null } }> {
  const body = JSON.stringify(event, null, 2)
  const res = await fetch(serverUrl + endpointUrl({ path: STRIPE_WEBHOOK_PATH }), {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': opts.signature ?? signatureFor(body, opts.secret),
    },
    body,
  })
  return { status: res.status, body: (await res.json()) as { data: unknown; message: null } }
}

const now = () => Math.floor(Date.now() / 1000)

function newId(prefix: string): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return prefix + [...randomBytes(24)].map((b) => chars[b % chars.length]).join('')
}

/** The same time one month later (the 31st becomes the month's last day), in Unix seconds. */
function monthAfter(seconds: number): number {
  const date = new Date(seconds * 1000)
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 2, 0)).getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + 1)
  date.setUTCDate(Math.min(new Date(seconds * 1000).getUTCDate(), lastDay))
  return Math.floor(date.getTime() / 1000)
}

/** Decodes Stripe's form encoding: `line_items[0][price]=x&metadata[userId]=y`. */
export function decodeForm(search: URLSearchParams): Json {
  const root: Json = {}
  for (const [key, value] of search) {
    const path = key.replace(/\]/g, '').split('[')
    let node: Json = root
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value
        return
      }
      node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}
      node = node[part] as Json
    })
  }
  return root
}

const error = (status: number, body: StripeErrorBody) => ({ status, json: { error: body } })

const missing = (kind: string, id: string, param = 'id') =>
  error(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  })

const invalid = (message: string, param: string) =>
  error(400, { type: 'invalid_request_error', code: 'parameter_missing', param, message })

const copy = <T>(value: T): T => structuredClone(value)

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 20px;color:#1a1a2e}button,a.button{display:block;width:100%;padding:14px;border:0;border-radius:8px;background:#635bff;color:#fff;font-size:16px;text-align:center;text-decoration:none;margin-top:16px}</style>
</head><body>${body}</body></html>`
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: SeenStripeRequest[] = []
  const sessions = new Map<string, Json>()
  const subscriptions = new Map<string, Json>()
  const customers = new Map<string, Json>()
  const idempotent = new Map<string, { status: number; json: unknown }>()
  const failures: { status: number; json: unknown }[] = []
  let base = ''

  const planOfPrice = (price: string) =>
    (Object.keys(FAKE_PRICES) as PaidPlan[]).find((plan) => FAKE_PRICES[plan] === price)

  function priceObject(plan: PaidPlan): Json {
    return {
      id: FAKE_PRICES[plan],
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: AMOUNTS[plan],
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      product: `prod_${plan}`,
      livemode: false,
    }
  }

  function createSession(params: Json) {
    if (params.mode !== 'subscription' && params.mode !== 'payment' && params.mode !== 'setup') {
      return invalid('Missing required param: mode.', 'mode')
    }
    const items = params.line_items as Json[] | undefined
    if (params.mode === 'subscription' && (!Array.isArray(items) || items.length === 0)) {
      return invalid('You must specify `line_items` in `subscription` mode.', 'line_items')
    }
    for (const [i, item] of (items ?? []).entries()) {
      if (!planOfPrice(String(item.price))) {
        return missing('price', String(item.price), `line_items[${i}][price]`)
      }
      if (item.quantity !== undefined && !/^[1-9]\d*$/.test(String(item.quantity))) {
        return invalid('Invalid positive integer', `line_items[${i}][quantity]`)
      }
    }
    if (!params.success_url) return invalid('Missing required param: success_url.', 'success_url')
    if (params.customer && params.customer_email) {
      return error(400, {
        type: 'invalid_request_error',
        param: 'customer_email',
        message: 'You may only specify one of these parameters: customer, customer_email.',
      })
    }
    if (params.customer && !customers.has(String(params.customer))) {
      return missing('customer', String(params.customer), 'customer')
    }
    if (typeof params.client_reference_id === 'string' && params.client_reference_id.length > 200) {
      return invalid('client_reference_id must be at most 200 characters', 'client_reference_id')
    }
    const id = newId('cs_test_')
    const session: Json = {
      id,
      object: 'checkout.session',
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${base}/c/pay/${id}`,
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      subscription: null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      metadata: params.metadata ?? {},
      line_items_for_fake: items,
      subscription_metadata_for_fake: (params.subscription_data as Json | undefined)?.metadata,
      amount_total: AMOUNTS[planOfPrice(String(items?.[0]?.price))!],
      currency: 'usd',
      created: now(),
      expires_at: now() + 24 * 60 * 60,
      livemode: false,
    }
    sessions.set(id, session)
    return { status: 200, json: publicSession(session) }
  }

  /** A session as the API shows it, without the fake's own notes. */
  function publicSession(session: Json): Json {
    const out = copy(session)
    delete out.line_items_for_fake
    delete out.subscription_metadata_for_fake
    return out
  }

  function createPortal(params: Json) {
    if (!params.customer) return invalid('Missing required param: customer.', 'customer')
    if (!customers.has(String(params.customer))) {
      return missing('customer', String(params.customer), 'customer')
    }
    const id = newId('bps_')
    return {
      status: 200,
      json: {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        url: `${base}/p/session/${id}?return=${encodeURIComponent(String(params.return_url ?? ''))}`,
        created: now(),
        livemode: false,
      },
    }
  }

  function route(method: string, path: string, params: Json): { status: number; json: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params)
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortal(params)
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
    if (method === 'GET' && session) {
      const found = sessions.get(session[1]!)
      return found
        ? { status: 200, json: publicSession(found) }
        : missing('checkout.session', session[1]!)
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)
    if (method === 'GET' && subscription) {
      const found = subscriptions.get(subscription[1]!)
      return found ? { status: 200, json: copy(found) } : missing('subscription', subscription[1]!)
    }
    return error(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    })
  }

  function completeCheckout(sessionId: string, opts: { paymentStatus?: 'paid' | 'unpaid' } = {}) {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`no session ${sessionId}`)
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`)
    let customer = session.customer as string | null
    if (!customer) {
      customer = newId('cus_')
      customers.set(customer, { id: customer, object: 'customer', email: session.customer_email })
    }
    const paid = (opts.paymentStatus ?? 'paid') === 'paid'
    const start = now()
    const id = newId('sub_')
    const plan = planOfPrice(String((session.line_items_for_fake as Json[])[0]!.price))!
    const subscription: Json = {
      id,
      object: 'subscription',
      customer,
      status: paid ? 'active' : 'incomplete',
      created: start,
      start_date: start,
      billing_cycle_anchor: start,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      metadata: session.subscription_metadata_for_fake ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si_'),
            object: 'subscription_item',
            price: priceObject(plan),
            quantity: 1,
            subscription: id,
            current_period_start: start,
            current_period_end: monthAfter(start),
            created: start,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      livemode: false,
    }
    subscriptions.set(id, subscription)
    Object.assign(session, {
      status: 'complete',
      payment_status: paid ? 'paid' : 'unpaid',
      customer,
      subscription: id,
      url: null,
    })
    return { session: publicSession(session), subscription: copy(subscription) }
  }

  function item(subscription: Json): Json {
    return ((subscription.items as Json).data as Json[])[0]!
  }

  function event(type: string, object: Json, opts: { created?: number } = {}): Json {
    return {
      id: newId('evt_'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: opts.created ?? now(),
      type,
      data: { object: copy(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    }
  }

  const fake: FakeStripe = {
    url: '',
    env: {},
    requests,
    sessions,
    subscriptions,
    onCheckoutPaid: null,
    completeCheckout,
    expireCheckout(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      Object.assign(session, { status: 'expired', url: null })
      return publicSession(session)
    },
    updateSubscription(id, patch) {
      const subscription = subscriptions.get(id)
      if (!subscription) throw new Error(`no subscription ${id}`)
      if (patch.status) subscription.status = patch.status
      if (patch.plan) item(subscription).price = priceObject(patch.plan)
      if (patch.periodEnd !== undefined) {
        const current = item(subscription)
        current.current_period_start = current.current_period_end
        current.current_period_end = patch.periodEnd
      }
      return copy(subscription)
    },
    cancelSubscription(id) {
      const subscription = subscriptions.get(id)
      if (!subscription) throw new Error(`no subscription ${id}`)
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() })
      return copy(subscription)
    },
    invoiceFor(subscriptionId, status = 'paid') {
      const subscription = subscriptions.get(subscriptionId)
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`)
      const current = item(subscription)
      const amount = (current.price as Json).unit_amount
      return {
        id: newId('in_'),
        object: 'invoice',
        customer: subscription.customer,
        status,
        amount_due: amount,
        amount_paid: status === 'paid' ? amount : 0,
        currency: 'usd',
        billing_reason: 'subscription_cycle',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata: subscription.metadata },
        },
        lines: {
          object: 'list',
          data: [
            {
              id: newId('il_'),
              object: 'line_item',
              amount,
              period: { start: current.current_period_start, end: current.current_period_end },
              pricing: {
                type: 'price_details',
                price_details: { price: (current.price as Json).id },
              },
            },
          ],
          has_more: false,
        },
        period_start: current.current_period_start,
        period_end: current.current_period_end,
        created: now(),
        livemode: false,
      }
    },
    event,
    failNext(status, body) {
      failures.push({ status, json: { error: body } })
    },
    reset() {
      requests.length = 0
      failures.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString()
  }

  function sendJson(res: ServerResponse, status: number, json: unknown) {
    res
      .writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req_'),
        'stripe-version': '2026-10-28.endive',
      })
      .end(JSON.stringify(json))
  }

  /** The browser's side: the hosted Checkout page and the billing portal. */
  async function page(req: IncomingMessage, res: ServerResponse, url: URL) {
    const pay = /^\/c\/pay\/([^/]+)$/.exec(url.pathname)
    const session = pay && sessions.get(pay[1]!)
    if (pay && session && req.method === 'GET') {
      const plan = planOfPrice(String((session.line_items_for_fake as Json[])[0]!.price))!
      const body =
        session.status === 'open'
          ? `<main><h1>Subscribe to Storyreel ${plan === 'PRO' ? 'Pro' : 'Starter'}</h1>
<p>$${(AMOUNTS[plan] / 100).toFixed(2)} per month</p>
<form method="post"><button type="submit">Pay</button></form>
${session.cancel_url ? `<a class="button" href="${String(session.cancel_url)}">Back</a>` : ''}</main>`
          : `<main><h1>This checkout is ${String(session.status)}</h1></main>`
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html('Checkout', body))
      return
    }
    if (pay && session && req.method === 'POST') {
      await readBody(req)
      completeCheckout(pay[1]!)
      await fake.onCheckoutPaid?.(event('checkout.session.completed', publicSession(session)))
      const next = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', pay[1]!)
      res.writeHead(303, { location: next }).end()
      return
    }
    if (/^\/p\/session\/[^/]+$/.test(url.pathname) && req.method === 'GET') {
      const back = url.searchParams.get('return') ?? ''
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          html(
            'Billing portal',
            `<main><h1>Storyreel billing</h1><p>Your subscription</p><a class="button" href="${back}">Return to Storyreel</a></main>`,
          ),
        )
      return
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base)
      if (!url.pathname.startsWith('/v1/')) return page(req, res, url)
      const raw = req.method === 'GET' ? url.search.slice(1) : await readBody(req)
      const params = decodeForm(new URLSearchParams(raw))
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        params,
        authorization: req.headers.authorization,
        idempotencyKey,
        stripeVersion: req.headers['stripe-version'] as string | undefined,
      })
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
        return sendJson(res, 401, {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${String(req.headers.authorization).slice(7, 15)}****`,
          },
        })
      }
      if (
        req.method === 'POST' &&
        req.headers['content-type'] !== 'application/x-www-form-urlencoded'
      ) {
        return sendJson(res, 400, {
          error: { type: 'invalid_request_error', message: 'Invalid request: form-encode it.' },
        })
      }
      const failure = failures.shift()
      if (failure) return sendJson(res, failure.status, failure.json)
      const replay = idempotencyKey && idempotent.get(idempotencyKey)
      if (replay) return sendJson(res, replay.status, replay.json)
      const answer = route(req.method ?? '', url.pathname, params)
      if (idempotencyKey && req.method === 'POST') idempotent.set(idempotencyKey, answer)
      sendJson(res, answer.status, answer.json)
    })().catch((err: unknown) => {
      console.error('fake stripe:', err)
      res.destroy()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.url = base
  fake.env = {
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_STARTER: FAKE_PRICES.STARTER,
    STRIPE_PRICE_PRO: FAKE_PRICES.PRO,
    STRIPE_API_BASE: base,
  }
  return fake
}

import { renderCost, type Composition } from '@storyreel/core'

/** Retries before a render is given up; a retry also follows a worker that died mid-render. */
const RENDER_RETRY_LIMIT = 2

const renderPolicy = {
  retryLimit: RENDER_RETRY_LIMIT,
  retryDelay: 1,
  // Each job sets its own expiry from its time limit (enqueueRender); this is the fallback.
  expireInSeconds: 60 * 60,
}

/** Renders estimated to cost more than the short bound: only the main render slots take them. */
export const renderVideoQueue = { name: 'render', ...renderPolicy }

/**
 * Renders estimated to cost at most the short bound: the main slots take them in their turn, and
 * a short slot takes them beside a long render, so that they never wait behind one (decision
 * 018).
 */
export const shortRenderQueue = { name: 'render-short', ...renderPolicy }

/** Every render queue: one fair order of users' turns runs across them (../fair-order.ts). */
export const RENDER_QUEUES = [renderVideoQueue.name, shortRenderQueue.name]

/** The queue a render waits in: short when its estimated cost is at most `shortSeconds`. */
export function renderQueueOf(composition: Composition, shortSeconds: number): string {
  return renderCost(composition) <= shortSeconds ? shortRenderQueue.name : renderVideoQueue.name
}

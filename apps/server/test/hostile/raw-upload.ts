import { connect, type Socket } from 'node:net'
import { authApi, endpointUrl, mediaApi } from '@storyreel/core'
import type { ApiClient } from '../client'
import type { TestServer } from '../test-server'

export const BOUNDARY = 'hostile'

/** The start of a multipart body: one picture part's headers and the PNG signature. */
export const PICTURE_PART_START = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="files"; filename="slow.png"',
  'Content-Type: image/png',
  '',
  '\x89PNG',
].join('\r\n')

/**
 * An upload to /api/media/describe as `client` over a raw socket: the head declaring
 * `contentLength` bytes, then `bodyStart`; the caller sends the rest, or not. `answer` resolves
 * with all the server wrote once it closed the connection.
 */
export async function openUpload(
  server: TestServer,
  client: ApiClient,
  contentLength: number,
  bodyStart: string,
): Promise<{ socket: Socket; answer: Promise<string> }> {
  const { csrfToken } = await client.ok(authApi.csrfToken)
  const { port } = new URL(server.url)
  const socket = connect(Number(port), '127.0.0.1')
  let received = ''
  socket.on('data', (d: Buffer) => (received += d.toString()))
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(received)))
  socket.write(
    [
      `POST ${endpointUrl(mediaApi.describe)} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Cookie: ${[...client.jar].map(([k, v]) => `${k}=${v}`).join('; ')}`,
      `X-CSRF-Token: ${csrfToken}`,
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${contentLength}`,
      '',
      bodyStart,
    ].join('\r\n'),
  )
  return { socket, answer }
}

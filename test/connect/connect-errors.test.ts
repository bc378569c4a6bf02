// The one line a failed connection gets: the socket's reason, the HTTP status with a summary, or a
// refused token said as such (issue 31 item 11), never a raw error dump.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describeConnectError } from '../../src/connect/connect-errors.js';

const url = new URL('http://127.0.0.1:9/mcp');

describe('describeConnectError', () => {
  it('says a refused connection, not "fetch failed"', () => {
    const error = new TypeError('fetch failed', {
      cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
    });
    assert.equal(
      describeConnectError(error, 'demo', url),
      'could not connect to 127.0.0.1:9 (connection refused)',
    );
  });

  it('gives the status and a plain line of an HTML error page', () => {
    const error = new Error(
      'Error POSTing to endpoint (HTTP 502): <html><body><h1>Bad gateway</h1></body></html>',
    );
    assert.equal(describeConnectError(error, 'demo', url), '127.0.0.1:9/mcp answered HTTP 502: Bad gateway');
  });

  it('says a token refused right after the grant that gave it, not only "HTTP 401" (A-44)', () => {
    const error = new SdkHttpError(
      SdkErrorCode.ClientHttpAuthentication,
      'Server returned 401 after re-authentication',
      {
        status: 401,
        statusText: 'Unauthorized',
      },
    );
    assert.equal(
      describeConnectError(error, 'demo', url),
      '127.0.0.1:9/mcp refused the access token it had just been given (HTTP 401 again after signing in)',
    );
  });
});

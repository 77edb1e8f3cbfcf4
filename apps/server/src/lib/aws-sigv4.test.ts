import { describe, expect, it } from 'vitest'
import { amzDate, EMPTY_PAYLOAD_SHA256, signatureV4 } from './aws-sigv4.js'

describe('signatureV4', () => {
  // AWS's Signature Version 4 test suite, case "get-vanilla".
  it('matches the published get-vanilla example', () => {
    const authorization = signatureV4({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: { Host: 'example.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' },
      payloadSha256: EMPTY_PAYLOAD_SHA256,
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 'service',
      },
    })
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    )
  })

  it('formats the date as SigV4 wants it', () => {
    expect(amzDate(new Date('2015-08-30T12:36:00.123Z'))).toBe('20150830T123600Z')
  })
})

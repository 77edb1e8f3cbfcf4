import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './env.js'

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      shopName: 'תבלין',
      shopEmail: 'shop@tavlin.local',
      shippingFeeAgorot: 1500,
      vatRate: 0.18,
      deliveryDays: { min: 3, max: 5 },
      seedDemoData: true,
      webDistDir: null,
      // An unpaid order holds its units for its page's 15 minutes; a few per e-mail (issue 32).
      orderPaymentTimeoutMinutes: 15,
      checkoutLimits: { perMinute: 10, unpaidPerEmail: 3 },
    })
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('takes a relative DATA_DIR from the folder npm was run in (`npm start` at the root uses ./data)', () => {
    expect(loadConfig({ INIT_CWD: '/srv/tavlin' }).dataDir).toBe('/srv/tavlin/data')
    expect(loadConfig({ INIT_CWD: '/srv/tavlin', DATA_DIR: 'state' }).dataDir).toBe('/srv/tavlin/state')
    expect(loadConfig({ INIT_CWD: '/srv/tavlin', DATA_DIR: '/var/lib/tavlin' }).dataDir).toBe(
      '/var/lib/tavlin',
    )
  })

  it('parses every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '8123',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/tavlin-data',
      DATABASE_URL: 'postgresql://shop:secret@db.internal:5432/tavlin',
      PUBLIC_URL: 'https://shop.example.co.il/',
      LOG_LEVEL: 'warn',
      SHOP_NAME: 'תבלין תל אביב',
      SHOP_EMAIL: 'orders@example.co.il',
      SHIPPING_FEE: '22.5',
      VAT_RATE: '0.17',
      SEED_DEMO_DATA: 'false',
    })
    expect(config).toMatchObject({
      env: 'development',
      port: 8123,
      host: '127.0.0.1',
      dataDir: '/tmp/tavlin-data',
      databaseUrl: 'postgresql://shop:secret@db.internal:5432/tavlin',
      // The trailing slash is dropped so paths can be appended.
      publicUrl: 'https://shop.example.co.il',
      logLevel: 'warn',
      shopName: 'תבלין תל אביב',
      shopEmail: 'orders@example.co.il',
      shippingFeeAgorot: 2250,
      vatRate: 0.17,
      seedDemoData: false,
    })
  })

  it('derives PUBLIC_URL from PORT when unset', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100')
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://root@localhost/shop'],
    ['PUBLIC_URL', 'ftp://shop.example.co.il'],
    ['LOG_LEVEL', 'loud'],
    ['SHOP_EMAIL', 'not-an-email'],
    ['SHIPPING_FEE', '-1'],
    ['VAT_RATE', '18'],
    ['SEED_DEMO_DATA', 'yes'],
    ['DELIVERY_DAYS_MIN', '0'],
    ['DELIVERY_DAYS_MAX', '2.5'],
  ])('stops on a wrong %s (%s) with a one-line message naming it', (name, value) => {
    let thrown: unknown
    try {
      loadConfig({ [name]: value })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ConfigError)
    const message = (thrown as Error).message
    expect(message).toContain(`${name}=${JSON.stringify(value)}`)
    expect(message).not.toContain('\n')
  })

  it('reads the delivery time and refuses a maximum below the minimum', () => {
    expect(loadConfig({ DELIVERY_DAYS_MIN: '2', DELIVERY_DAYS_MAX: '7' }).deliveryDays).toEqual({
      min: 2,
      max: 7,
    })
    expect(() => loadConfig({ DELIVERY_DAYS_MIN: '5', DELIVERY_DAYS_MAX: '3' })).toThrow(
      /DELIVERY_DAYS_MAX=3 is less than DELIVERY_DAYS_MIN=5/,
    )
  })

  it('names every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', VAT_RATE: 'y' })).toThrow(/PORT=.*VAT_RATE=/)
  })
  describe('S3_* (image storage)', () => {
    const s3 = {
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com/',
      S3_BUCKET: 'tavlin-images',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://images.tavlin.shop/',
    }

    it('keeps images on the local disk when none is set', () => {
      expect(loadConfig({}).s3).toBeNull()
    })

    it('reads them together, with a default region', () => {
      expect(loadConfig(s3).s3).toEqual({
        endpoint: 'https://account.r2.cloudflarestorage.com',
        bucket: 'tavlin-images',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        publicUrl: 'https://images.tavlin.shop',
      })
      expect(loadConfig({ ...s3, S3_REGION: 'auto' }).s3?.region).toBe('auto')
    })

    it('refuses half a configuration, naming what is missing', () => {
      expect(() => loadConfig({ S3_BUCKET: 'tavlin-images' })).toThrow(
        /S3_BUCKET is set, so S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL must be set too/,
      )
      const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = s3
      expect(() => loadConfig(withoutSecret)).toThrow(/so S3_SECRET_ACCESS_KEY must be set too/)
      expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(ConfigError)
    })
  })
})

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, so a forged X-Forwarded-For cannot dodge the rate limits', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
  })

  it('takes true, a hop count or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    const byHops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean
    expect(byHops('10.0.0.1', 0)).toBe(true)
    expect(byHops('10.0.0.1', 1)).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1')
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback')
  })

  it('names the variable when the value is not understood', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'sometimes' })).toThrow(/TRUST_PROXY=/)
  })
})

describe('BACKUP_DIR and BACKUP_KEEP', () => {
  it('has no daily backup by default and keeps seven when one is set', () => {
    expect(loadConfig({}).backup).toEqual({ dir: null, keep: 7 })
    expect(loadConfig({ BACKUP_DIR: 'backups', BACKUP_KEEP: '14' }).backup).toEqual({
      dir: path.resolve('backups'),
      keep: 14,
    })
  })

  it('names BACKUP_KEEP when it is not a count from 1 to 365', () => {
    for (const value of ['0', '366', 'many', '2.5']) {
      expect(() => loadConfig({ BACKUP_KEEP: value })).toThrow(ConfigError)
      expect(() => loadConfig({ BACKUP_KEEP: value })).toThrow(/BACKUP_KEEP=/)
    }
  })
})

describe('the rendered pages (issue 38): cache bytes, renders at once, renders per address', () => {
  it('keeps 32 MB of pages, renders four at once with sixteen in line, sixty per address a minute', () => {
    expect(loadConfig({}).pages).toEqual({
      cacheMaxBytes: 32 * 1024 * 1024,
      rendersAtOnce: 4,
      renderQueue: 16,
      rendersPerAddress: { max: 60, windowSeconds: 60 },
    })
    const set = loadConfig({
      PAGE_CACHE_MAX_BYTES: '8388608',
      PAGE_RENDERS_AT_ONCE: '2',
      PAGE_RENDER_QUEUE: '0',
      PAGE_RENDERS_PER_MINUTE: '30',
    })
    expect(set.pages).toMatchObject({ cacheMaxBytes: 8388608, rendersAtOnce: 2, renderQueue: 0 })
    expect(set.pages.rendersPerAddress.max).toBe(30)
  })

  it('names the variable when a bound is not a whole number in range', () => {
    const wrong = {
      PAGE_CACHE_MAX_BYTES: ['1000', '32MB', '-1'],
      PAGE_RENDERS_AT_ONCE: ['0', '2.5'],
      PAGE_RENDER_QUEUE: ['-1', 'many'],
      PAGE_RENDERS_PER_MINUTE: ['0', 'lots'],
    }
    for (const [name, values] of Object.entries(wrong)) {
      for (const value of values) expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`))
    }
  })
})

describe('PAYMENTS_SANDBOX (issue 15): the sandbox in production only on purpose', () => {
  const live = { NODE_ENV: 'production', PUBLIC_URL: 'https://tavlin.shop' }
  const realPayPlus = {
    PAYPLUS_API_URL: 'https://restapi.payplus.co.il/api/v1.0/',
    PAYPLUS_API_KEY: 'key',
    PAYPLUS_SECRET_KEY: 'secret',
    PAYPLUS_PAGE_UID: 'page',
  }

  it('refuses to start a production shop on https whose payments still go to the sandbox', () => {
    expect(() => loadConfig(live)).toThrow(ConfigError)
    expect(() => loadConfig(live)).toThrow(/PAYMENTS_SANDBOX=true/)
  })

  it('starts when the owner says they mean it, or with a real PayPlus account', () => {
    expect(loadConfig({ ...live, PAYMENTS_SANDBOX: 'true' }).payplus.isSandbox).toBe(true)
    expect(loadConfig({ ...live, ...realPayPlus }).payplus.isSandbox).toBe(false)
  })

  it('leaves development, tests and plain-http demonstrations alone', () => {
    expect(loadConfig({ ...live, NODE_ENV: 'development' }).payplus.isSandbox).toBe(true)
    expect(loadConfig({ ...live, NODE_ENV: 'test' }).payplus.isSandbox).toBe(true)
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }).payplus.isSandbox,
    ).toBe(true)
  })

  it('accepts only true or false', () => {
    expect(() => loadConfig({ ...live, PAYMENTS_SANDBOX: 'yes' })).toThrow(/PAYMENTS_SANDBOX=/)
  })
})

// The rules of rendering an interface call and reading its answer, one behaviour per test.
import { describe, expect, it } from 'vitest';
import {
  MappingError,
  capBody,
  getPath,
  isSuccess,
  parseAnswer,
  readResponse,
  redact,
  redactHeaders,
  renderBody,
  renderTemplate,
  serializeBody,
} from './render';
import { type RequestMap } from './types';

const options = { parameters: { companyCode: '1000' }, idempotencyKey: 'PO-4500001-2' };

/** 2026-11-28 09:30:00 in Shanghai (01:30 UTC). */
const MOMENT = Date.UTC(2026, 10, 28, 1, 30);

const order = {
  poNumber: 'PO4500001',
  orderType: 'STANDARD',
  orderDate: '2026-11-27',
  createdAt: MOMENT,
  supplier: { code: 's-100', name: 'Acme' },
  lines: [
    { lineNo: 10, item: { code: 'M-1' }, quantity: 12.345, uom: 'KG' },
    { lineNo: 20, item: { code: 'M-2' }, quantity: '3', uom: 'PC' },
  ],
};

function field(targetPath: string, sourcePath: string, extra: Partial<RequestMap> = {}): RequestMap {
  return { targetPath, sourceType: 'FIELD', sourcePath, ...extra };
}

function renderOne(map: RequestMap, document: Record<string, unknown> = order): unknown {
  return getPath(renderBody([map], document, options), map.targetPath);
}

function mappingError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MappingError);
    return error instanceof Error ? error.message : '';
  }
  throw new Error('expected a MappingError');
}

describe('getPath', () => {
  it('follows dots through objects and numeric segments through lists; a missing step is undefined', () => {
    expect(getPath(order, 'supplier.code')).toBe('s-100');
    expect(getPath(order, 'lines.1.item.code')).toBe('M-2');
    expect(getPath(order, 'lines[0].uom')).toBe('KG');
    expect(getPath(order, 'lines.2.uom')).toBeUndefined();
    expect(getPath(order, 'supplier.code.length')).toBeUndefined();
    expect(getPath(order, 'lines.first')).toBeUndefined();
    expect(getPath(order, 'toString')).toBeUndefined();
  });
});

describe('renderBody', () => {
  it("an order's lines become the items of the body, one element per line", () => {
    const body = renderBody(
      [
        field('header.docNo', 'poNumber'),
        field('header.vendor', 'supplier.code', { transform: 'UPPER' }),
        field('items[].lineNo', 'lines[].lineNo', { transform: 'STRING' }),
        field('items[].material.code', 'lines[].item.code'),
        field('items[].qty', 'lines[].quantity', { transform: 'DECIMAL_SCALE', transformArg: '3' }),
      ],
      order,
      options,
    );
    expect(body).toEqual({
      header: { docNo: 'PO4500001', vendor: 'S-100' },
      items: [
        { lineNo: '10', material: { code: 'M-1' }, qty: '12.345' },
        { lineNo: '20', material: { code: 'M-2' }, qty: '3.000' },
      ],
    });
  });

  it('a constant, a parameter and the idempotency key fill their places, and a constant stays text', () => {
    const body = renderBody(
      [
        { targetPath: 'control.flag', sourceType: 'CONSTANT', constantValue: 'true' },
        { targetPath: 'control.count', sourceType: 'CONSTANT', constantValue: '10' },
        { targetPath: 'control.company', sourceType: 'PARAMETER', sourcePath: 'companyCode' },
        { targetPath: 'control.key', sourceType: 'KEY' },
      ],
      order,
      options,
    );
    expect(body).toEqual({ control: { flag: 'true', count: '10', company: '1000', key: 'PO-4500001-2' } });
  });

  it('a value that is not per line goes into every item', () => {
    const body = renderBody(
      [
        field('items[].material', 'lines[].item.code'),
        { targetPath: 'items[].plant', sourceType: 'CONSTANT', constantValue: '1000' },
        field('items[].po', 'poNumber'),
      ],
      order,
      options,
    );
    expect(body.items).toEqual([
      { material: 'M-1', plant: '1000', po: 'PO4500001' },
      { material: 'M-2', plant: '1000', po: 'PO4500001' },
    ]);
  });

  it('a list of values comes from a target ending in []; an order without lines gives an empty list', () => {
    expect(renderBody([field('codes[]', 'lines[].item.code')], order, options)).toEqual({
      codes: ['M-1', 'M-2'],
    });
    expect(renderBody([field('items[].qty', 'lines[].quantity')], { lines: [] }, options)).toEqual({
      items: [],
    });
    expect(renderBody([field('items[].qty', 'lines[].quantity')], {}, options)).toEqual({ items: [] });
  });

  it('an unknown parameter is a mapping error naming it', () => {
    const message = mappingError(() =>
      renderOne({ targetPath: 'bukrs', sourceType: 'PARAMETER', sourcePath: 'plantCode' }),
    );
    expect(message).toContain('plantCode');
  });

  it('a missing field is null whatever the transform; a constant is always transformed', () => {
    expect(renderOne(field('remark', 'remark'))).toBeNull();
    expect(renderOne(field('date', 'deliveryDate', { transform: 'DATE_YMD' }))).toBeNull();
    expect(renderOne(field('qty', 'nothing', { transform: 'DECIMAL_SCALE', transformArg: '2' }))).toBeNull();
    expect(
      renderOne({
        targetPath: 'qty',
        sourceType: 'CONSTANT',
        constantValue: '5',
        transform: 'DECIMAL_SCALE',
        transformArg: '2',
      }),
    ).toBe('5.00');
  });

  it('dates become YYYY-MM-DD or YYYYMMDD, a moment on its calendar day in the business zone', () => {
    expect(renderOne(field('d', 'orderDate', { transform: 'DATE_YMD' }))).toBe('2026-11-27');
    expect(renderOne(field('d', 'orderDate', { transform: 'DATE_COMPACT' }))).toBe('20261127');
    expect(renderOne(field('d', 'createdAt', { transform: 'DATE_YMD' }))).toBe('2026-11-28');
    // 23:30 UTC on the 27th is already the 28th in Shanghai, still the 27th in New York.
    const late = { at: Date.UTC(2026, 10, 27, 23, 30) };
    expect(renderOne(field('d', 'at', { transform: 'DATE_COMPACT' }), late)).toBe('20261128');
    const body = renderBody([field('d', 'at', { transform: 'DATE_YMD' })], late, {
      ...options,
      timeZone: 'America/New_York',
    });
    expect(body.d).toBe('2026-11-27');
  });

  it("a moment becomes ISO 8601 with the zone's offset", () => {
    expect(renderOne(field('t', 'createdAt', { transform: 'DATETIME_ISO' }))).toBe(
      '2026-11-28T09:30:00+08:00',
    );
    expect(renderOne(field('t', 'orderDate', { transform: 'DATETIME_ISO' }))).toBe(
      '2026-11-27T00:00:00+08:00',
    );
    const inNewYork = renderBody([field('t', 'createdAt', { transform: 'DATETIME_ISO' })], order, {
      ...options,
      timeZone: 'America/New_York',
    });
    expect(inNewYork.t).toBe('2026-11-27T20:30:00-05:00');
    const inUtc = renderBody([field('t', 'createdAt', { transform: 'DATETIME_ISO' })], order, {
      ...options,
      timeZone: 'UTC',
    });
    expect(inUtc.t).toBe('2026-11-28T01:30:00+00:00');
  });

  it("12.345 at two places is '12.35', never a float", () => {
    const scaled = (value: unknown, places: string) =>
      renderOne(field('v', 'v', { transform: 'DECIMAL_SCALE', transformArg: places }), { v: value });
    expect(scaled(12.345, '2')).toBe('12.35');
    // 1.005 is 1.00499999999999989... in binary: Number#toFixed would give '1.00'.
    expect(scaled(1.005, '2')).toBe('1.01');
    expect(scaled('12.5', '2')).toBe('12.50');
    expect(scaled(-2.5, '0')).toBe('-3');
    expect(scaled('123456789012345678.125', '2')).toBe('123456789012345678.13');
    expect(scaled(7, '0')).toBe('7');
  });

  it('an amount in Chinese capitals is written as a payment form writes it', () => {
    const capitals = (value: unknown) =>
      renderOne(field('v', 'v', { transform: 'CN_CAPITALS' }), { v: value });
    expect(capitals(52.41)).toBe('伍拾贰元肆角壹分');
    expect(capitals('1000005')).toBe('壹佰万零伍元整');
    expect(() => capitals('abc')).toThrow(/v/);
  });

  it('a unit factor multiplies exactly and gives a number', () => {
    const factored = (value: unknown, factor: string) =>
      renderOne(field('v', 'v', { transform: 'UNIT_FACTOR', transformArg: factor }), { v: value });
    expect(factored(0.1, '3')).toBe(0.3);
    expect(factored('2.5', '1000')).toBe(2500);
    expect(factored(1.1, '1.1')).toBe(1.21);
  });

  it('a code map translates codes, and a code it does not know is a mapping error naming the code', () => {
    const map = field('bsart', 'orderType', {
      transform: 'CODE_MAP',
      transformArg: 'STANDARD=NB; URGENT=UB',
    });
    expect(renderOne(map)).toBe('NB');
    expect(renderOne(map, { orderType: 'URGENT' })).toBe('UB');
    const message = mappingError(() => renderOne(map, { orderType: 'CONSIGNMENT' }));
    expect(message).toContain('CONSIGNMENT');
    expect(message).toContain('bsart');
  });

  it('a value a transform cannot take is a mapping error naming the target path', () => {
    const qty = field('items[].qty', 'lines[].quantity', { transform: 'DECIMAL_SCALE', transformArg: '2' });
    const message = mappingError(() =>
      renderBody([qty], { lines: [{ quantity: 1 }, { quantity: 'abc' }] }, options),
    );
    expect(message).toContain('items[1].qty');
    expect(message).toContain('"abc" is not a number');
    expect(
      mappingError(() =>
        renderOne(field('f', 'v', { transform: 'UNIT_FACTOR', transformArg: '2' }), { v: true }),
      ),
    ).toContain('f');
    expect(
      mappingError(() => renderOne(field('d', 'v', { transform: 'DATE_YMD' }), { v: '2026-02-30' })),
    ).toContain('d: "2026-02-30" is not a date');
    expect(
      mappingError(() => renderOne(field('d', 'v', { transform: 'DATE_YMD' }), { v: 'tomorrow' })),
    ).toContain('d:');
    expect(
      mappingError(() =>
        renderOne(field('q', 'v', { transform: 'DECIMAL_SCALE', transformArg: '11' }), { v: 1 }),
      ),
    ).toContain('DECIMAL_SCALE needs places from 0 to 10');
    expect(mappingError(() => renderOne(field('s', 'supplier', { transform: 'STRING' })))).toContain(
      'not a single value',
    );
  });

  it('maps that contradict each other, or read lines into a single value, are mapping errors', () => {
    expect(
      mappingError(() => renderBody([field('a', 'poNumber'), field('a.b', 'poNumber')], order, options)),
    ).toContain('a.b');
    expect(mappingError(() => renderOne(field('qty', 'lines[].quantity')))).toContain('reads lines');
    expect(mappingError(() => renderOne(field('items[].x[].y', 'lines[].quantity')))).toContain(
      'one array level',
    );
    expect(mappingError(() => renderOne(field('items[].qty', 'supplier[].code')))).toContain('not a list');
  });

  it('rendering never changes the document, nor any prototype', () => {
    const document = structuredClone(order);
    const body = renderBody(
      [
        field('vendor', 'supplier'),
        { targetPath: 'vendor.extra', sourceType: 'CONSTANT', constantValue: 'x' },
        { targetPath: '__proto__.polluted', sourceType: 'CONSTANT', constantValue: 'yes' },
      ],
      document,
      options,
    );
    expect(document).toEqual(order);
    expect(body.vendor).toEqual({ code: 's-100', name: 'Acme', extra: 'x' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(body)).toContain('"__proto__":{"polluted":"yes"}');
  });
});

describe('serializeBody', () => {
  const body = {
    header: { docNo: 'PO1', note: 'A & B <"x\'>' },
    items: [{ qty: '1' }, { qty: '2' }],
    empty: null,
  };

  it('JSON is the body as JSON', () => {
    expect(serializeBody(body, 'JSON')).toEqual({
      text: JSON.stringify(body),
      contentType: 'application/json; charset=utf-8',
      headers: {},
    });
  });

  it('XML is a SOAP 1.1 envelope: objects nest, lists repeat, null is empty, text is escaped', () => {
    const xml = serializeBody(body, 'XML', {
      rootElement: 'PoCreate',
      namespace: 'urn:sap:po',
      soapAction: 'urn:create',
    });
    expect(xml.contentType).toBe('text/xml; charset=utf-8');
    expect(xml.headers).toEqual({ SOAPAction: '"urn:create"' });
    expect(xml.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>' +
        '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/>' +
        '<soapenv:Body><PoCreate xmlns="urn:sap:po">' +
        '<header><docNo>PO1</docNo><note>A &amp; B &lt;&quot;x&apos;&gt;</note></header>' +
        '<items><qty>1</qty></items><items><qty>2</qty></items><empty/>' +
        '</PoCreate></soapenv:Body></soapenv:Envelope>',
    );
    expect(serializeBody({}, 'XML').text).toContain('<soapenv:Body><Request/></soapenv:Body>');
  });

  it('XML refuses a key that cannot be an element name or a value it cannot carry', () => {
    expect(mappingError(() => serializeBody({ '1st': 'x' }, 'XML'))).toContain('"1st"');
    expect(mappingError(() => serializeBody({ a: 'bell\u0007' }, 'XML'))).toContain('<a>');
  });

  it('a form flattens nested keys with dots and list items with indexes', () => {
    const form = serializeBody(body, 'FORM');
    expect(form.contentType).toBe('application/x-www-form-urlencoded; charset=utf-8');
    expect([...new URLSearchParams(form.text)]).toEqual([
      ['header.docNo', 'PO1'],
      ['header.note', 'A & B <"x\'>'],
      ['items[0].qty', '1'],
      ['items[1].qty', '2'],
      ['empty', ''],
    ]);
  });
});

describe('parseAnswer', () => {
  it('reads JSON by its content type or by its first character; what does not parse stays text', () => {
    expect(parseAnswer('{"code":"0","data":{"docNo":"45"}}', 'application/json')).toEqual({
      code: '0',
      data: { docNo: '45' },
    });
    expect(parseAnswer(' [1,2]', undefined)).toEqual([1, 2]);
    expect(parseAnswer('{"broken":', 'application/json')).toBe('{"broken":');
    expect(parseAnswer('OK', 'text/plain')).toBe('OK');
    expect(parseAnswer('', 'application/json')).toBe('');
  });

  it("a SOAP answer's body is read without its envelope and prefixes", () => {
    const answer = `<?xml version="1.0" encoding="utf-8"?>
      <!-- from SAP PI -->
      <SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/">
        <SOAP-ENV:Header/>
        <SOAP-ENV:Body>
          <ns1:PoCreateResponse xmlns:ns1="urn:sap:po">
            <ns1:Return type="S"><ns1:Code>S</ns1:Code><ns1:Message><![CDATA[Order <45> created]]></ns1:Message></ns1:Return>
            <ns1:Item><ns1:No>10</ns1:No></ns1:Item>
            <ns1:Item><ns1:No>20</ns1:No></ns1:Item>
            <ns1:Note>Tom &amp; Jerry &lt;&#x4E2D;&#25991;&gt; &quot;q&quot; &apos;a&apos;</ns1:Note>
            <ns1:Empty/>
          </ns1:PoCreateResponse>
        </SOAP-ENV:Body>
      </SOAP-ENV:Envelope>`;
    expect(parseAnswer(answer, 'text/xml; charset=utf-8')).toEqual({
      PoCreateResponse: {
        Return: { Code: 'S', Message: 'Order <45> created' },
        Item: [{ No: '10' }, { No: '20' }],
        Note: 'Tom & Jerry <中文> "q" \'a\'',
        Empty: '',
      },
    });
  });

  it('plain XML is read as { root: content }; XML that is not well-formed stays text', () => {
    expect(parseAnswer('<result><code>0</code></result>', undefined)).toEqual({ result: { code: '0' } });
    for (const broken of ['<a><b></a>', '<a>', '<a></a><b></b>', '<a x></a>', 'text<a/>']) {
      expect(parseAnswer(broken, 'application/xml')).toBe(broken);
    }
  });

  it('an element named __proto__ in an answer is an ordinary key', () => {
    const answer = parseAnswer('<r><__proto__><polluted>yes</polluted></__proto__></r>', 'text/xml');
    expect(getPath(answer, 'r.__proto__.polluted')).toBe('yes');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('string-valued objects survive serializing to XML and reading back', () => {
    // A fixed pseudo-random sequence (fast-check is not a dependency of this package), so a
    // failure repeats.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const alphabet = ['a', 'Z', '0', ' ', '&', '<', '>', '"', "'", '中', '\n', '\r', ';', ']]>', '&amp;'];
    const text = () => Array.from({ length: next(8) + 1 }, () => alphabet[next(alphabet.length)]).join('');
    const names = ['docNo', 'vendor', 'qty', 'x_1', 'a.b', 'Note'];
    const object = (depth: number): Record<string, unknown> => {
      const result: Record<string, unknown> = {};
      for (const name of names.slice(0, next(names.length) + 1)) {
        result[name] = depth > 0 && next(3) === 0 ? object(depth - 1) : text();
      }
      return result;
    };
    for (let run = 0; run < 200; run++) {
      const value = object(2);
      const root = { Request: value };
      expect(parseAnswer(serializeBody(value, 'XML').text, 'text/xml')).toEqual(root);
    }
  });
});

describe('readResponse and isSuccess', () => {
  const answer = { code: '0', data: { docNo: '4500001', items: [{ no: '10' }] }, flag: true, msg: null };

  it("each response map fills a document field from the answer's path; a missing path is an error", () => {
    expect(
      readResponse(
        [
          { responsePath: 'data.docNo', targetField: 'erpNumber' },
          { responsePath: 'data.items.0.no', targetField: 'firstLine' },
          { responsePath: 'msg', targetField: 'erpMessage' },
        ],
        answer,
      ),
    ).toEqual({ erpNumber: '4500001', firstLine: '10', erpMessage: null });
    expect(
      mappingError(() => readResponse([{ responsePath: 'data.sapNo', targetField: 'x' }], answer)),
    ).toContain('data.sapNo');
  });

  it("a call succeeds on 2xx when the answer's value at the rule's path equals the rule's value", () => {
    expect(isSuccess(200, answer, {})).toBe(true);
    expect(isSuccess(204, '', { path: null })).toBe(true);
    expect(isSuccess(500, answer, {})).toBe(false);
    expect(isSuccess(302, answer, {})).toBe(false);
    expect(isSuccess(200, answer, { path: 'code', equals: '0' })).toBe(true);
    expect(isSuccess(200, answer, { path: 'code', equals: 'S' })).toBe(false);
    expect(isSuccess(200, answer, { path: 'flag', equals: 'true' })).toBe(true);
    expect(isSuccess(200, answer, { path: 'missing', equals: 'undefined' })).toBe(false);
    expect(isSuccess(200, answer, { path: 'data.docNo' })).toBe(true);
    expect(isSuccess(200, answer, { path: 'msg' })).toBe(false);
  });
});

describe('renderTemplate', () => {
  it('fills {name} and {a.b} from the values; a missing value is an error naming it', () => {
    expect(renderTemplate('PO-{poNumber}-{versionNum}', { poNumber: '4500001', versionNum: 2 })).toBe(
      'PO-4500001-2',
    );
    expect(renderTemplate('{supplier.code}/{ lines.0.lineNo }', order)).toBe('s-100/10');
    expect(renderTemplate('no placeholders', {})).toBe('no placeholders');
    expect(mappingError(() => renderTemplate('PO-{poNumber}-{versionNum}', { poNumber: 'x' }))).toContain(
      '{versionNum}',
    );
  });
});

describe('redaction for the log', () => {
  const secret = 's3cr&t"pw';

  it('a secret never survives redaction in headers or bodies', () => {
    const bodies = [
      JSON.stringify({ auth: { token: secret } }),
      serializeBody({ login: { pwd: secret } }, 'XML').text,
      serializeBody({ login: { pwd: secret } }, 'FORM').text,
      `https://erp.example.com/api?key=${encodeURIComponent(secret)}`,
      `raw ${secret} twice ${secret}`,
    ];
    for (const body of bodies) {
      const safe = redact(body, [secret, ''], []);
      expect(safe).toContain('******');
      expect(safe).not.toContain('s3cr');
    }
    const headers = redactHeaders(
      {
        Authorization: 'Basic dXNlcjpwdw==',
        'proxy-authorization': 'x',
        Cookie: 'a=b',
        'Set-Cookie': 'sid=1',
        'x-csrf-token': 'abc',
        'X-Api-Key': 'k',
        'X-Custom': `prefix ${secret}`,
        'Content-Type': 'application/json',
      },
      [secret],
      ['x-api-key'],
    );
    expect(headers).toEqual({
      Authorization: '******',
      'proxy-authorization': '******',
      Cookie: '******',
      'Set-Cookie': '******',
      'x-csrf-token': '******',
      'X-Api-Key': '******',
      'X-Custom': '******',
      'Content-Type': 'application/json',
    });
  });

  it("a named field's value is masked in JSON, XML and forms", () => {
    expect(redact('{"user":"u1","password": "p\\"w","pin":1234}', [], ['password', 'pin'])).toBe(
      '{"user":"u1","password": "******","pin":"******"}',
    );
    expect(redact('<a><ns:Password type="x">pw</ns:Password><password/></a>', [], ['password'])).toBe(
      '<a><ns:Password type="x">******</ns:Password><password/></a>',
    );
    expect(redact('user=u1&password=pw&login.password=x&passwordHint=h', [], ['password'])).toBe(
      'user=u1&password=******&login.password=******&passwordHint=h',
    );
  });
});

describe('capBody', () => {
  it('keeps a short body and cuts a long one at a character boundary, saying how much was cut', () => {
    expect(capBody('short')).toBe('short');
    expect(capBody('abcdef', 4)).toBe('abcd…[truncated 2 bytes]');
    // '中' is three bytes: a cut at 4 bytes keeps one character, never half of the second.
    expect(capBody('中文字', 4)).toBe('中…[truncated 6 bytes]');
    expect(capBody('x'.repeat(300 * 1024))).toBe(`${'x'.repeat(256 * 1024)}…[truncated ${44 * 1024} bytes]`);
  });
});

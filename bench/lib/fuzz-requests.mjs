// The requests bench/fuzz-api.mjs sends, drawn by fast-check from a fixed seed: half go to any route of the
// app's route tree with generated path parameters, query strings and bodies; half are the write catalogue's
// valid requests (the ones that reach the database) with one string replaced by hostile text.
import {
  percentEncode,
  stringPaths,
  withString,
  writeCatalogue,
} from '../../apps/server/src/testing/write-catalogue.ts';

/**
 * [{ method, path }] from Fastify's printRoutes({ commonPrefix: false }): each line is a path segment,
 * indented four characters per level under its parent, with its methods in parentheses.
 */
export function routeTable(tree) {
  const routes = [];
  const parents = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    parents.length = depth;
    const segment = depth === 0 && !match[2].startsWith('/') ? `/${match[2]}` : match[2];
    const path = `${parents.at(-1) ?? ''}${segment}`;
    parents.push(path);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, path });
  }
  return routes;
}

const FIELD_NAMES = [
  'name',
  'email',
  'description',
  'subject',
  'htmlBody',
  'textBody',
  'firstName',
  'lastName',
  'title',
  'tags',
  'metadata',
  'personaId',
  'contactId',
  'contactIds',
  'templateId',
  'sequenceId',
  'stepType',
  'status',
  'rows',
  'industry',
  'jobTitle',
  'location',
  'timezone',
  'query',
  'filterType',
  'page',
  'per_page',
  'leads',
  'text',
  'password',
  'currentPassword',
  'newPassword',
  'fullName',
  'token',
  'apiKey',
  'enabled',
  'accountId',
  'dailyLimit',
  'criteria',
  'emailListIds',
  'outline',
  'sourcePersonaId',
  'maxContinuousNotOpens',
  'q',
  'cursor',
  'sort',
  'order',
  'pageSize',
  'from',
  'to',
  'mailboxId',
  'customFields',
  'url',
  'host',
  'constructor',
  '__proto__',
  'toString',
];

/** Names every JavaScript object answers through its prototype: as custom field keys and as variables. */
const PROTOTYPE_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'hasownproperty',
];

/** Loopback and private addresses spelled as IPv6 (compatible, mapped, translated, NAT64, 6to4, Teredo). */
const IPV6_SPELLINGS = [
  '[::127.0.0.1]',
  '[0:0:0:0:0:0:127.0.0.1]',
  '[::7f00:1]',
  '[::ffff:7f00:1]',
  '[::ffff:0:127.0.0.1]',
  '[64:ff9b::169.254.169.254]',
  '[2002:7f00:1::]',
  '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
  '[::1]',
];

/** Strings a hostile client sends: control characters, broken Unicode, traversal, markup, huge values. */
function hostileString(fc) {
  const c0 = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
  const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
  return fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 50 }),
    fc
      .tuple(fc.string({ maxLength: 10 }), fc.oneof(c0, surrogate), fc.string({ maxLength: 10 }))
      .map((p) => p.join('')),
    fc.constantFrom(
      '\u0000',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '%00',
      '{{first_name}}',
      '',
      ...PROTOTYPE_NAMES.map((name) => `{{${name}}}`),
      ...IPV6_SPELLINGS.map((host) => `https://${host}/hook`),
    ),
    fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  );
}

function jsonValue(fc, ids) {
  const leaf = fc.oneof(
    hostileString(fc),
    fc.constantFrom(...ids),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('tree'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('tree'), { maxKeys: 4 }),
    ),
  }));
  return tree;
}

/** A body: a JSON object of known field names (most), or malformed, deeply nested, or of another type. */
function body(fc, ids) {
  const object = fc.dictionary(fc.constantFrom(...FIELD_NAMES), jsonValue(fc, ids), { maxKeys: 8 });
  return fc.oneof(
    {
      weight: 8,
      arbitrary: object.map((value) => ({ text: JSON.stringify(value), type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 40 }).map((text) => ({ text, type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 50_000 })
        .map((n) => ({ text: `${'['.repeat(n)}${']'.repeat(n)}`, type: 'application/json' })),
    },
    { weight: 1, arbitrary: object.map((value) => ({ text: JSON.stringify(value), type: 'text/plain' })) },
    { weight: 1, arbitrary: fc.constant({ text: undefined, type: undefined }) },
  );
}

/** A path parameter: the user's own ids, the other user's, a random uuid, or hostile text (some raw, unencoded). */
function param(fc, mine, theirs) {
  return fc.oneof(
    fc.constantFrom(...mine.ids),
    fc.constantFrom(...theirs.ids),
    fc.uuid(),
    hostileString(fc).map((text) => percentEncode(text.slice(0, 2_000))),
    fc.constantFrom('%00', '..%2f..%2fpackage.json', '%E0%A4%A', '%ff', '.', '..'),
  );
}

/** A catalogue request with one of its strings replaced by hostile text, as the signed-in user. */
function mutatedWrite(fc, catalogue, base, mine) {
  return fc
    .record({ write: fc.constantFrom(...catalogue), pick: fc.nat(), text: hostileString(fc) })
    .map(({ write, pick, text }) => {
      const paths = stringPaths(write.body);
      const body = withString(write.body, paths[pick % paths.length] ?? [], text);
      const headers = { origin: base, cookie: mine.cookie, 'content-type': 'application/json' };
      return { method: write.method, path: write.url, headers, body: JSON.stringify(body), asMine: true };
    });
}

/** A catalogue write with one of its strings replaced by an object nested 2 to 20,000 levels deep. */
function nestedWrite(fc, catalogue, base, mine) {
  const marker = '\u2063nested\u2063';
  return fc
    .record({
      write: fc.constantFrom(...catalogue),
      pick: fc.nat(),
      levels: fc.integer({ min: 2, max: 20_000 }),
    })
    .map(({ write, pick, levels }) => {
      const paths = stringPaths(write.body);
      const nested = `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
      // Built as text: a value this deep is past what JSON.stringify itself can walk.
      const text = JSON.stringify(withString(write.body, paths[pick % paths.length] ?? [], marker));
      const headers = { origin: base, cookie: mine.cookie, 'content-type': 'application/json' };
      return {
        method: write.method,
        path: write.url,
        headers,
        body: text.replace(JSON.stringify(marker), nested),
        asMine: true,
      };
    });
}

/**
 * The edges one request can name by spelling alone: custom fields and variables named like Object.prototype's
 * properties (as raw JSON, so `__proto__` is a key), webhooks at IPv6 spellings of loopback and private
 * addresses, and the pixel and click paths asked for by an IPv6 literal Host.
 */
function spelledEdges(fc, base, mine) {
  const json = { origin: base, cookie: mine.cookie, 'content-type': 'application/json' };
  const { list, contact, sequence, step } = mine.records;
  const field = (name) => `{${JSON.stringify(name)}:"x"}`;
  return fc
    .record({
      name: fc.constantFrom(...PROTOTYPE_NAMES),
      host: fc.constantFrom(...IPV6_SPELLINGS),
      n: fc.nat(8),
    })
    .map(({ name, host, n }) => {
      const variable = JSON.stringify(`<p>{{${name}}} {{${name}|x}}</p>`);
      return [
        {
          method: 'POST',
          path: '/api/contacts',
          body: `{"email":"p${n}@fuzz.example","customFields":${field(name)}}`,
        },
        { method: 'PATCH', path: `/api/contacts/${contact}`, body: `{"customFields":${field(name)}}` },
        {
          method: 'POST',
          path: `/api/personas/${list}/import-contacts`,
          body: `{"rows":[{"email":"q${n}@fuzz.example","customFields":${field(name)}}]}`,
        },
        { method: 'POST', path: '/api/templates/preview', body: `{"subject":"Hi","htmlBody":${variable}}` },
        { method: 'GET', path: `/api/sequences/${sequence}/launch-variables` },
        { method: 'GET', path: `/api/sequences/${sequence}/steps/${step}/preview?contactId=${contact}` },
        {
          method: 'POST',
          path: '/api/webhooks',
          body: JSON.stringify({ url: `https://${host}/hook`, eventTypes: ['email.sent'] }),
        },
      ]
        .map((request) => ({ ...request, headers: json, asMine: true }))
        .concat(
          [
            '/t/o/unknown-token-unknown-token.gif',
            '/t/c/unknown-token-unknown-token/abcdefghijklmnop?u=x',
          ].map((path) => ({ method: 'GET', path, headers: { host: `${host}:80` } })),
        )[n % 9];
    });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Doors a cross-site request may reach by design: the unsubscribe link and the sandbox stand-ins. */
const PUBLIC_DOOR = /^\/(u|sandbox)\//;

/** The ways a path can be spelled to walk around a guard that reads the raw URL. */
const SPELLINGS = [
  (path) => `/%${path.charCodeAt(1).toString(16)}${path.slice(2)}`,
  (path) => `/${path}`,
  (path) => path.replace(/^\/([a-z]+)/, (_, s) => `/${s.toUpperCase()}`),
  (path) => path.replace(/^\/([a-z]+)/, '/$1/../$1'),
  (path) => path.replace(/^\/([a-z]+)/, '/$1/%2e%2e/$1'),
];

/**
 * A state-changing route reached by a re-spelled path, with the user's cookie but no JSON and no Origin:
 * what a forged cross-site request looks like. It must be refused (`mustRefuse`).
 */
function encodedPathForgery(fc, routes, mine) {
  const unsafe = routes.filter((r) => UNSAFE.has(r.method) && !PUBLIC_DOOR.test(r.path));
  return fc
    .record({
      route: fc.constantFrom(...unsafe),
      id: fc.constantFrom(...mine.ids),
      spell: fc.constantFrom(...SPELLINGS),
      form: fc.boolean(),
    })
    .map(({ route, id, spell, form }) => {
      const path = spell(route.path.replace(/:[A-Za-z]+/g, id).replace('*', id));
      const headers = { cookie: mine.cookie };
      if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
      return { method: route.method, path, headers, body: form ? 'x=1' : undefined, mustRefuse: true };
    });
}

export function fuzzRequests(fc, { routes, count, seed, base, mine, theirs }) {
  const ids = [...mine.ids, ...theirs.ids];
  // A changed password would end the session the rest of the run uses.
  const catalogue = writeCatalogue(mine.records).filter((write) => !write.url.includes('change-password'));
  const anyRoute = fc
    .record({
      route: fc.constantFrom(...routes),
      params: fc.array(param(fc, mine, theirs), { minLength: 4, maxLength: 4 }),
      query: fc.dictionary(
        fc.constantFrom(...FIELD_NAMES),
        hostileString(fc).map((t) => t.slice(0, 3_000)),
        { maxKeys: 3 },
      ),
      body: body(fc, ids),
      session: fc.oneof(
        { weight: 4, arbitrary: fc.constant('mine') },
        { weight: 1, arbitrary: fc.constant('none') },
      ),
    })
    .map(({ route, params, query, body: payload, session }) => {
      let n = 0;
      let path = route.path.replace(/:[A-Za-z]+/g, () => params[n++ % params.length]);
      path = path.replace('*', () => params[n++ % params.length]);
      const search = Object.entries(query)
        .map(([key, value]) => `${key}=${percentEncode(value)}`)
        .join('&');
      if (search) path += `?${search}`;
      // Signing out or changing the password would end the session the rest of the run uses.
      const endsSession = /\/api\/auth\/(logout|change-password)|\/api\/integrations\/google/.test(
        route.path,
      );
      const asMine = session === 'mine' && !endsSession;
      const headers = { origin: base };
      if (asMine) headers.cookie = mine.cookie;
      const hasBody = !['GET', 'HEAD'].includes(route.method) && payload.text !== undefined;
      if (hasBody && payload.type) headers['content-type'] = payload.type;
      return { method: route.method, path, headers, body: hasBody ? payload.text : undefined, asMine };
    });
  return fc.sample(
    fc.oneof(
      { weight: 8, arbitrary: anyRoute },
      { weight: 8, arbitrary: mutatedWrite(fc, catalogue, base, mine) },
      { weight: 2, arbitrary: nestedWrite(fc, catalogue, base, mine) },
      { weight: 2, arbitrary: encodedPathForgery(fc, routes, mine) },
      { weight: 2, arbitrary: spelledEdges(fc, base, mine) },
    ),
    { numRuns: count, seed },
  );
}

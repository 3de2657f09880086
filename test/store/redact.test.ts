import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, inputSha256, REDACTED, redactInput, redactString } from '../../src/store/index.js';
import { MAX_REDACTED_INPUT_BYTES } from '../../src/store/redact.js';
import { propertyRuns } from '../support/property-runs.js';

describe('redactString', () => {
  it.each([
    ['GITHUB_TOKEN=ghp_0123456789abcdefghij0123 npm publish', 'GITHUB_TOKEN=[redacted] npm publish'],
    ['echo AKIAIOSFODNN7EXAMPLE', 'echo [redacted]'],
    ['curl -H "Authorization: Bearer abc.def" https://x', 'curl -H "Authorization: Bearer [redacted]" https://x'],
    ['mysql --password hunter2 -u root', 'mysql --password [redacted] -u root'],
    ['PGPASSWORD=s3cret psql', 'PGPASSWORD=[redacted] psql'],
    ['git clone https://me:pw@example.com/r.git', 'git clone https://me:[redacted]@example.com/r.git'],
    ['x sk-ant-api03-abcdefghijklmnopqrstu y', 'x [redacted] y'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', 'jwt [redacted]'],
    ['git show 3f786850e387550fdab836ed7e6dc881de23001b', 'git show [redacted]'],
    ['k=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MEFCQ0RFRkdI', 'k=[redacted]'],
    ['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA\n-----END OPENSSH PRIVATE KEY-----\nrest', '[redacted]\nrest'],
    ['-----BEGIN PRIVATE KEY-----\nunterminated', '[redacted]'],
  ])('%j', (input, out) => {
    expect(redactString(input)).toBe(out);
  });

  it.each([
    'git log --author=bob',
    'ls /usr/lib/node_modules/typescript/lib',
    'cat ~/.ssh/id_rsa',
    'npm test -- --keyboard=us',
    'git status',
  ])('leaves %j alone', (s) => {
    expect(redactString(s)).toBe(s);
  });

  it('never leaves a planted GitHub token or AWS key id in place, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.stringMatching(/^[A-Za-z0-9]{36}$/),
        fc.stringMatching(/^[0-9A-Z]{16}$/),
        (pre, post, gh, aws) => {
          const out = redactString(`${pre} ghp_${gh} AKIA${aws} ${post}`);
          expect(out).not.toContain(`ghp_${gh}`);
          expect(out).not.toContain(`AKIA${aws}`);
        },
      ),
    );
  });
});

// The unguarded sequence of replacements redactString makes: its shortcuts must not change a result.
function redactEveryStep(text: string): string {
  const named = (whole: string, name: string, sep: string, value: string) =>
    value === REDACTED ||
    !/(?:^|[_.-])(?:token|secret|passw(?:or)?d|pass|key|auth|cookie|credentials?)(?:$|[_.-])|(?:token|secret|passw(?:or)?d|key)$/i.test(
      name.replace(/^-+/, ''),
    )
      ? whole
      : `${name}${sep}${REDACTED}`;
  let out = text;
  for (const p of [
    /-----BEGIN [A-Z0-9 ]{1,64}-----[\s\S]*?(?:-----END [A-Z0-9 ]{1,64}-----|$)/g,
    /\beyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g,
    /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
    /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
    /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
    /\bsk-[A-Za-z0-9_-]{16,}/g,
    /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
  ])
    out = out.replace(p, REDACTED);
  out = out.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)[^\s/@]+@/gi, `$1${REDACTED}@`);
  out = out.replace(
    /(\b(?:authorization|proxy-authorization|x-api-key|cookie)\s*:\s*(?:(?:bearer|basic|token)\s+)?)[^\s"'\\]+/gi,
    `$1${REDACTED}`,
  );
  out = out.replace(/(?<![A-Za-z0-9_.-])([A-Za-z][A-Za-z0-9_.-]{0,127})(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s"'&|;]+)/g, named);
  out = out.replace(/(?<![A-Za-z0-9_.-])(--?[A-Za-z][A-Za-z0-9_.-]{0,127})( +|=)("[^"]*"|'[^']*'|[^\s"'&|;-][^\s"'&|;]*)/g, named);
  out = out.replace(/\b[A-Fa-f0-9]{32,}\b/g, REDACTED);
  out = out.replace(/[A-Za-z0-9+/_-]{32,}={0,2}/g, (run) => (/[0-9]/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run) ? REDACTED : run));
  return out;
}

describe('redactString shortcuts', () => {
  // Pieces that start, end or sit next to what the patterns look for.
  const piece = fc.constantFrom(
    '-----BEGIN ',
    'RSA KEY',
    '-----',
    '-----END ',
    'eyJ',
    'eyJhbGciOi',
    '.',
    'AKIA',
    'ASIA',
    'IOSFODNN7EXAMPLE',
    'ghp_',
    'gho_',
    'github_pat_',
    'sk-',
    'xoxb-',
    '://',
    'https',
    'me',
    ':',
    '@',
    'Authorization',
    'COOKIE',
    'x-api-key',
    'Bearer ',
    'token',
    'Secret',
    'PASS',
    'passwd',
    'key',
    'auth',
    'credentials',
    '=',
    ' ',
    '--',
    '-',
    '"',
    "'",
    '_',
    'a',
    'Z',
    '7',
    'f',
    '0123456789abcdef',
    'Zm9vYmFyYmF6cXV4MTIz',
    '[redacted]',
    '\n',
    'é',
  );
  it('gives what every replacement in turn gives', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        expect(redactString(text)).toBe(redactEveryStep(text));
      }),
      { numRuns: propertyRuns(3000) },
    );
  });
});

describe('redactInput', () => {
  it('replaces the values of secret-named keys whole and secrets inside other strings', () => {
    expect(
      redactInput({
        command: 'echo AKIAIOSFODNN7EXAMPLE',
        api_key: 'abc',
        headers: { Authorization: 'x', Cookie: 'y' },
        list: [{ password: 1 }, 'ok'],
        n: 3,
      }),
    ).toEqual({
      command: `echo ${REDACTED}`,
      api_key: REDACTED,
      headers: { Authorization: REDACTED, Cookie: REDACTED },
      list: [{ password: REDACTED }, 'ok'],
      n: 3,
    });
  });
});

describe('redactInput keeps every field', () => {
  // JSON.parse makes `__proto__` an own field, as an agent's tool input arrives.
  const input = () =>
    JSON.parse(
      '{"target":"staging","__proto__":{"target":"production","force":true},"constructor":{"prototype":{"x":1}},"prototype":"p"}',
    ) as Record<string, unknown>;

  it('keeps fields named __proto__, constructor and prototype as fields, with their values', () => {
    const out = redactInput(input()) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['target', '__proto__', 'constructor', 'prototype']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe(
      '{"target":"staging","__proto__":{"target":"production","force":true},"constructor":{"prototype":{"x":1}},"prototype":"p"}',
    );
    expect(JSON.parse(JSON.stringify(out))).toEqual(JSON.parse(JSON.stringify(input())));
  });

  it('loses no field, at any depth, whatever the names (property)', () => {
    const key = fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'command'),
      fc.string({ maxLength: 8 }),
    );
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string({ maxLength: 8 }),
        fc.integer(),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((e) => Object.fromEntries(e)),
      ),
    }));
    // The shape of a value as JSON writes it: every object's keys, every array's length.
    const shape = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(shape)
        : v !== null && typeof v === 'object'
          ? Object.entries(v).map(([k, x]) => [k, SECRET_NAMED.test(k) ? 'secret' : shape(x)])
          : 'leaf';
    const SECRET_NAMED = /token|secret|pass(word)?|key|auth|cookie/i;
    fc.assert(
      fc.property(value, (v) => {
        expect(shape(redactInput(v))).toEqual(shape(v));
        expect(JSON.stringify(shape(JSON.parse(JSON.stringify(redactInput(v)))))).toBe(
          JSON.stringify(shape(JSON.parse(JSON.stringify(v)))),
        );
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('canonical input hash', () => {
  it('does not depend on key order and matches RFC 8785 for plain JSON', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: { z: 1.5, y: 'é' } })).toBe('{"a":[true,null,"x"],"b":1,"c":{"y":"é","z":1.5}}');
    expect(inputSha256({ a: 1, b: 2 })).toBe(inputSha256({ b: 2, a: 1 }));
    // sha256 of the bytes {"command":"ls"}
    expect(inputSha256({ command: 'ls' })).toBe('4cf29611a66934862f29acfcc817e30b905c1ab73d5e65831413eb6b454d49db');
  });
});

describe('redacting large inputs', () => {
  it('keeps only the size and SHA-256 of an input whose redacted copy is over 256 KiB (rt10s F4)', () => {
    const input = { items: Array.from({ length: 200_000 }, () => 0) };
    const out = redactInput(input);
    expect(out).toBe(`[input not kept: ${JSON.stringify(input).length} bytes redacted, more than 256 KiB; SHA-256 ${inputSha256(input)}]`);
    expect(MAX_REDACTED_INPUT_BYTES).toBe(256 * 1024);
    // Just under, the copy is kept.
    const fits = { items: Array.from({ length: 100_000 }, () => 0) };
    expect(redactInput(fits)).toEqual(fits);
  });

  it('cuts long strings (the hash covers them whole) and stays linear on long runs', () => {
    const out = redactInput({ content: `k=${'x'.repeat(8 * 1024 * 1024)}` }) as { content: string };
    expect(out.content.length).toBeLessThan(9000);
    expect(out.content).toMatch(/more characters\]$/);
    expect(() => redactString(`${'a'.repeat(8192)}=1 --${'b'.repeat(8000)} 2`)).not.toThrow();
  });
});

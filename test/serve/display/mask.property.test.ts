/**
 * Properties of the approval page's masking:
 * 1. a masked command parses, by toolgate's own shell analysis, to the same commands as the
 *    original — same programs, same words counted, same redirections, same substitutions — and no
 *    program word or redirection target is ever masked;
 * 2. every value of every listed secret shape, set in a generated corpus of commands and inputs
 *    where it is data, is masked.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MASK, SECRET_SHAPES, maskCommand, maskInput } from '../../../src/serve/display/index.js';
import { analyzeShell, prepareShell, type ShellAnalysis } from '../../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

const RUNS = Number(process.env.TOOLGATE_PROPERTY_RUNS ?? 200);

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}_-`;
const run = (alphabet: string, min: number, max: number) => fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max });
// Values end in a letter or digit: a trailing `-` or `_` would run on into the text around them.
const tail = (alphabet: string, min: number, max: number) => fc.tuple(run(alphabet, min - 1, max - 1), run(ALNUM, 1, 1)).map(([a, b]) => a + b);

/** A generated value of a shape: the whole value, and the part of it that must not be shown. */
interface Secret {
  value: string;
  hidden: string;
}
const prefixed = (prefix: fc.Arbitrary<string> | string, body: fc.Arbitrary<string>, suffix: fc.Arbitrary<string> = fc.constant('')): fc.Arbitrary<Secret> =>
  fc.tuple(typeof prefix === 'string' ? fc.constant(prefix) : prefix, body, suffix).map(([p, b, s]) => ({ value: p + b + s, hidden: b + s }));

const pem = fc
  .tuple(fc.constantFrom('RSA PRIVATE KEY', 'PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'ENCRYPTED PRIVATE KEY'), fc.constantFrom(64, 70), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 4, max: 60 }))
  .chain(([label, width, full, last]) =>
    fc.tuple(fc.array(run(B64, width, width), { minLength: full, maxLength: full }), run(B64, last, last), fc.constantFrom('', '=', '==')).map(([lines, end, pad]) => {
      const body = [...lines, end + pad].join('\n');
      return { value: `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`, hidden: body };
    }),
  );

/** One generator per listed shape: a shape without one fails the coverage test below. */
const SHAPE_VALUES: Record<string, fc.Arbitrary<Secret>> = {
  'pem-private-key': pem,
  jwt: prefixed('eyJ', fc.tuple(tail(URLSAFE, 10, 40), tail(URLSAFE, 10, 60), tail(URLSAFE, 16, 60)).map(([a, b, c]) => `${a}.eyJ${b}.${c}`)),
  'aws-access-key-id': prefixed(fc.constantFrom('AKIA', 'ASIA'), run(UPPER_DIGITS, 16, 16)),
  'github-token': prefixed(fc.constantFrom('ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'), run(ALNUM, 36, 60)),
  'github-fine-grained-token': prefixed('github_pat_', tail(`${ALNUM}_`, 22, 90)),
  'gitlab-token': prefixed('glpat-', tail(URLSAFE, 20, 40)),
  'anthropic-key': prefixed(fc.constantFrom('sk-ant-api03-', 'sk-ant-admin01-'), tail(URLSAFE, 40, 100)),
  'openai-project-key': prefixed(fc.constantFrom('sk-proj-', 'sk-svcacct-', 'sk-admin-'), tail(URLSAFE, 40, 160)),
  'openai-key': prefixed('sk-', run(ALNUM, 48, 48)),
  'slack-token': prefixed(fc.constantFrom('xoxb-', 'xoxp-', 'xoxa-', 'xoxs-'), fc.tuple(run('0123456789', 1, 13), tail(`${ALNUM}-`, 8, 40)).map(([n, r]) => `${n}-${r}`)),
  'stripe-key': prefixed(fc.constantFrom('sk_live_', 'sk_test_', 'rk_live_'), run(ALNUM, 16, 99)),
  'google-api-key': prefixed('AIza', tail(URLSAFE, 35, 35)),
  'npm-token': prefixed('npm_', run(ALNUM, 36, 36)),
  'huggingface-token': prefixed('hf_', run(ALNUM, 34, 40)),
  'pypi-token': prefixed('pypi-', tail(URLSAFE, 50, 120).map((b) => `AgEIcHlwaS5vcmc${b}`)),
  'sendgrid-key': prefixed('SG.', fc.tuple(run(URLSAFE, 22, 22), tail(URLSAFE, 43, 43)).map(([a, b]) => `${a}.${b}`)),
  'age-secret-key': prefixed('AGE-SECRET-KEY-1', run(UPPER_DIGITS, 58, 58)),
  'url-password': fc
    .tuple(fc.constantFrom('https', 'postgres', 'redis', 'git+ssh'), run(`${ALNUM}._-`, 1, 12), tail(`${ALNUM}._~!+=-`, 8, 30), fc.constantFrom('example.com', 'db.internal', '10.0.0.7'))
    .map(([scheme, user, pass, host]) => ({ value: `${scheme}://${user}:${pass}@${host}/x`, hidden: pass })),
  'authorization-header': fc
    .tuple(fc.constantFrom('Authorization: Bearer ', 'Authorization: Basic ', 'authorization: token '), run(`${ALNUM}._~+/-`, 7, 60), run(ALNUM, 1, 1))
    .map(([head, a, b]) => ({ value: head + a + b, hidden: a + b })),
};

const anySecret = fc.constantFrom(...SECRET_SHAPES.map((s) => s.id)).chain((id) => SHAPE_VALUES[id]!.map((s) => ({ id, ...s })));

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Places a secret is data in a shell command; `{}` is the secret. */
const DATA_PLACES: readonly ((s: string) => string)[] = [
  (s) => `printf '%s\\n' ${sq(s)} > out.txt`,
  (s) => `curl -sS -d ${sq(s)} https://api.example.com/v1`,
  (s) => `echo "${s}" | gh secret set NAME`,
  (s) => `export TOKEN=${sq(s)}`,
  (s) => `TOKEN=${sq(s)} npm publish`,
  (s) => `git commit -m ${sq(`rotate ${s}`)}`,
  (s) => `cat > key.txt <<'EOF'\n${s}\nEOF`,
  (s) => `ls -la # ${s.split('\n')[0]}`,
];

describe('masking keeps the commands as they are', () => {
  const word = fc.constantFrom('src/very/long/path/to/a/module/file-name-with-dashes.ts', 'feature/add-retry-logic-to-the-http-client-0123456789', '0123456789abcdef0123456789abcdef01234567', 'main', '-n', '--force', 'x.txt', '"$HOME"', '$(date)', '*.log');
  const secretWord = anySecret.map((s) => (s.value.includes('\n') || s.value.includes(' ') ? s.value : s.value));
  const part = fc.oneof(
    { weight: 3, arbitrary: word },
    { weight: 3, arbitrary: secretWord.map(sq) },
    { weight: 2, arbitrary: secretWord },
    { weight: 1, arbitrary: secretWord.map((s) => `"${s}"`) },
    { weight: 1, arbitrary: secretWord.map((s) => `--token=${s}`) },
    { weight: 1, arbitrary: secretWord.map((s) => `"$(echo ${s})"`) },
    { weight: 1, arbitrary: secretWord.map((s) => `> ${s}`) },
  );
  const program = fc.oneof(fc.constantFrom('git', 'curl', 'npm', 'echo', 'docker', 'gh'), secretWord);
  const simple = fc.tuple(program, fc.array(part, { maxLength: 5 })).map(([p, args]) => [p, ...args].join(' '));
  const op = fc.constantFrom(' && ', ' || ', '; ', ' | ', '\n', ' # ');
  const script = fc.tuple(simple, fc.array(fc.tuple(op, simple), { maxLength: 3 })).map(([first, rest]) => first + rest.map(([o, c]) => o + c).join(''));
  const placed = fc.tuple(anySecret, fc.integer({ min: 0, max: DATA_PLACES.length - 1 })).map(([s, i]) => DATA_PLACES[i]!(s.value));
  const commands = fc.oneof(script, placed);

  const shapeOf = (a: ShellAnalysis) => ({
    commands: a.commands.map((c) => ({ context: c.context, program: c.argv[0], words: c.argv.length, literal: c.literal, redirects: c.redirects.map((r) => [r.op, r.kind, r.target]) })),
    redirects: a.redirects.map((r) => [r.op, r.kind, r.target]),
    substitution: a.hasSubstitution,
    unknown: a.unknown.length,
    unseen: a.unseen.length,
  });

  it('parses to the same commands, with no program word or redirection masked', () => {
    let masked = 0;
    fc.assert(
      fc.property(commands, (command) => {
        const m = maskCommand(command);
        if (m.text !== command) masked++;
        const before = analyzeShell(command, { shell: 'bash' });
        const after = analyzeShell(m.text, { shell: 'bash' });
        expect(shapeOf(after)).toEqual(shapeOf(before));
        for (const c of after.commands) expect(c.argv[0] ?? '').not.toContain(MASK);
        for (const r of after.redirects) expect(r.target).not.toContain(MASK);
        // What is not masked is exactly what was sent, in place.
        let at = 0;
        for (const p of m.parts) {
          if (p.kind === 'text') expect(command.slice(at, at + p.text.length)).toBe(p.text);
          at += p.kind === 'text' ? p.text.length : p.length;
        }
        expect(at).toBe(command.length);
      }),
      { numRuns: RUNS },
    );
    // The corpus is not vacuous: most generated commands carry a secret that gets masked.
    expect(masked).toBeGreaterThan(RUNS / 4);
  });
});

describe('every value of every listed shape is masked where it is data', () => {
  it('has a generator for every listed shape', () => {
    expect(Object.keys(SHAPE_VALUES).sort()).toEqual(SECRET_SHAPES.map((s) => s.id).sort());
  });

  it('masks each listed example', () => {
    for (const s of SECRET_SHAPES) {
      for (const e of s.examples) {
        const m = maskInput('mcp__x__y', { value: `before ${e} after` });
        expect(m.masks.map((x) => x.shape), `${s.id}: ${e}`).toEqual([s.id]);
      }
    }
  });

  it('masks generated values in commands and in other inputs', () => {
    fc.assert(
      fc.property(anySecret, fc.integer({ min: 0, max: DATA_PLACES.length - 1 }), fc.constantFrom(' ', '\n', ': ', ' "', '='), (s, place, sep) => {
        // In a command, wherever the value is data.
        const command = DATA_PLACES[place]!(s.value);
        const inCommand = maskInput('Bash', { command }).input as { command: string };
        expect(inCommand.command, `${s.id} in ${command}`).not.toContain(s.hidden);
        // In any other input: a file's content, a URL, an MCP tool's argument.
        const other = maskInput('Write', { file_path: '/tmp/x', content: `line one${sep}${s.value}${sep}end` });
        expect(JSON.stringify(other.input)).not.toContain(JSON.stringify(s.hidden).slice(1, -1));
        expect(other.masks.map((x) => x.shape)).toContain(s.id);
      }),
      { numRuns: RUNS },
    );
  });
});

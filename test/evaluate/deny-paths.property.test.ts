/**
 * Property: for any path a Read deny rule covers and any generated reader or copier of it — the
 * file itself, any directory above it taken whole, spelled through `./`, `$PWD`, `$HOME`, `~`,
 * `/proc/self/cwd`, quotes, braces, `cd`, options that name files — the decision is never allow,
 * in every mode, with the deny rules alone and with `Bash(*)` on top.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MODES } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { propertyRuns } from '../support/property-runs.js';

const HOME = '/home/user';
const P = `${HOME}/project`;

beforeAll(async () => {
  await prepare();
});

const segment = fc.constantFrom('.env', 'secrets', 'a', 'b.txt', '.ssh', 'id_rsa', 'key.pem', 'conf.d', 'x y');
const relPath = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/'));

/** Where the denied file lives: under the project (rule `./f` or `f`) or under home (rule `~/f`). */
const target = fc.oneof(
  relPath.map((rel) => ({
    rule: `Read(./${rel})`,
    rel,
    root: P,
    spell: ['', './', `${P}/`, '$PWD/', '"$PWD"/', '/proc/self/cwd/', '/proc/self/root/proc/self/cwd/', '~+/'],
  })),
  relPath.map((rel) => ({ rule: `Read(~/${rel})`, rel, root: HOME, spell: ['~/', '$HOME/', '"$HOME"/', `${HOME}/`, '${HOME}/'] })),
);

const q = (s: string) => (/[\s'"]/.test(s) ? `'${s.replace(/'/g, `'\\''`)}'` : s);

/** A command that reads `file` (a shell word), or a directory `dir` above it whole. */
const READERS: readonly ((file: string, dir: string) => string)[] = [
  (f) => `cat ${f}`,
  (f) => `head -n 1 ${f}`,
  (f) => `tail -c 10 ${f}`,
  (f) => `grep -n x ${f}`,
  (f) => `sed -n p ${f}`,
  (f) => `awk 1 ${f}`,
  (f) => `cp ${f} /tmp/out`,
  (f) => `base64 ${f}`,
  (f) => `xxd ${f}`,
  (f) => `od -c ${f}`,
  (f) => `less ${f}`,
  (f) => `sort ${f}`,
  (f) => `uniq ${f}`,
  (f) => `gzip -c ${f}`,
  (f) => `dd if=${f} of=/tmp/out`,
  (f) => `cat < ${f}`,
  (f) => `scp ${f} host:`,
  (f) => `python3 x.py ${f}`,
  (f) => `mytool --input=${f}`,
  (f) => `zip /tmp/a.zip ${f}`,
  (f) => `openssl base64 -in ${f}`,
  (f) => `diff --from-file=${f} README.md`,
  (f) => `history -r ${f}; history`,
  (f) => `grep --color x ${f}`,
  (f) => `diff --unified ${f} README.md`,
  (f) => `wc -c ${f}`,
  (f) => `strings ${f}`,
  (f) => `tee /dev/null < ${f}`,
  (f) => `rsync ${f} /tmp/out`,
  (f) => `jq . ${f}`,
  (_f, d) => `grep -r x ${d}`,
  (_f, d) => `rg x ${d}`,
  (_f, d) => `cp -r ${d} /tmp/out`,
  (_f, d) => `tar cf /tmp/a.tar ${d}`,
  (_f, d) => `zip -r /tmp/a.zip ${d}`,
  (_f, d) => `diff -r ${d} /tmp`,
  (_f, d) => `diff -N ${d} /tmp`,
  (_f, d) => `rsync -a ${d} /tmp/out`,
  (_f, d) => `find ${d} -exec cat {} +`,
  (_f, d) => `scp -r ${d} host:`,
];

const command = fc.record({
  t: target,
  reader: fc.integer({ min: 0, max: READERS.length - 1 }),
  spell: fc.nat(),
  depth: fc.nat(),
  brace: fc.boolean(),
  cd: fc.boolean(),
});

const modes = fc.constantFrom(...PERMISSION_MODES);
const withAllow = fc.boolean();

describe('a Read-denied path is never allowed to a reader or copier', () => {
  it('holds for generated commands', () => {
    fc.assert(
      fc.property(command, modes, withAllow, ({ t, reader, spell, depth, brace, cd }, mode, allowAll) => {
        const segs = t.rel.split('/');
        // A directory above the file (or the root it lives under).
        const up = depth % segs.length;
        const dirRel = segs.slice(0, up).join('/');
        const prefix = t.spell[spell % t.spell.length]!;
        const word = (rel: string) =>
          rel === '' ? (prefix === '' || prefix === './' ? '.' : prefix.replace(/\/$/, '')) : `${prefix}${q(rel)}`;
        const build = READERS[reader]!;
        let file = word(t.rel);
        // A brace in a redirection target is an "ambiguous redirect" to bash: nothing is read.
        if (brace && !build('F', 'D').includes('<')) file = `{${file},/nonexistent}`;
        let cmd = build(file, word(dirRel));
        if (cd && t.root === P && segs.length > 1) cmd = `cd ${q(segs[0]!)} && ${build(q(segs.slice(1).join('/')), '.')}`;
        const policy = policyFromObjects([
          { kind: 'projectSettings', settings: { permissions: { deny: [t.rule], ...(allowAll ? { allow: ['Bash(*)'] } : {}) } } },
        ]);
        const d = evaluate({ tool: 'Bash', input: { command: cmd } }, { mode, policy, cwd: P, home: HOME });
        expect([cmd, t.rule, mode, d.behavior]).not.toEqual([cmd, t.rule, mode, 'allow']);
        // Neither a firm ask nor a guarded read is answered by any mode or prefix rule.
        if (d.behavior === 'ask')
          expect([cmd, t.rule, mode, d.askKind === 'guardedRead' ? 'firm' : d.askKind]).toEqual([cmd, t.rule, mode, 'firm']);
      }),
      { numRuns: propertyRuns(3000) },
    );
    // 3,000 generated calls take 10–40 s on two loaded cores: the limit catches a hang, not a speed.
  }, 120_000);
});

/** A command that writes `file` (a shell word), or writes into (or removes) a directory `dir` above it. */
const WRITERS: readonly ((file: string, dir: string) => string)[] = [
  (f) => `echo x > ${f}`,
  (f) => `echo x >> ${f}`,
  (f) => `tee ${f} < README.md`,
  (f) => `cp README.md ${f}`,
  (f) => `mv README.md ${f}`,
  (f) => `sed -i s/a/b/ ${f}`,
  (f) => `touch ${f}`,
  (f) => `truncate -s 0 ${f}`,
  (f) => `dd if=README.md of=${f}`,
  (f) => `sort -o ${f} README.md`,
  (f) => `xxd README.md ${f}`,
  (f) => `perl -pi -e s/a/b/ ${f}`,
  (f) => `mytool --out=${f}`,
  (f) => `chmod 600 ${f}`,
  (f) => `install README.md ${f}`,
  (f) => `rsync README.md ${f}`,
  (f) => `git checkout -- ${f}`,
  (f) => `shuf -o ${f} README.md`,
  (f) => `awk -i inplace 1 ${f}`,
  (f) => `rm -f ${f}`,
  (f) => `ln -sf /tmp/x ${f}`,
  (f) => `cp README.md /tmp/x; mv /tmp/x ${f}`,
  (f) => `cp --backup README.md ${f}`,
  (f) => `history -w ${f}`,
  (_f, d) => `rm -rf ${d}`,
  (_f, d) => `chmod -R 777 ${d}`,
  (_f, d) => `git clean -fdx ${d}`,
  (_f, d) => `tar xf a.tar -C ${d}`,
  (_f, d) => `unzip a.zip -d ${d}`,
  (_f, d) => `cp -r src/. ${d}`,
  (_f, d) => `mv ${d} /tmp/gone`,
  (_f, d) => `find ${d} -delete`,
  (_f, d) => `git checkout -- ${d}`,
];

const editTarget = fc.oneof(
  relPath.map((rel) => ({ rule: `Edit(./${rel})`, rel, root: P, spell: ['', './', `${P}/`, '$PWD/', '/proc/self/cwd/'] })),
  relPath.map((rel) => ({ rule: `Edit(~/${rel})`, rel, root: HOME, spell: ['~/', '$HOME/', `${HOME}/`] })),
  relPath.map((rel) => ({
    rule: `Edit(${rel.split('/')[0]}/**)`,
    rel: rel.includes('/') ? rel : `${rel}/x`,
    root: P,
    spell: ['', './', `${P}/`],
  })),
);

describe('an Edit-denied path is never allowed to a writer', () => {
  it('holds for generated commands', () => {
    fc.assert(
      fc.property(
        fc.record({ t: editTarget, writer: fc.integer({ min: 0, max: WRITERS.length - 1 }), spell: fc.nat(), depth: fc.nat() }),
        modes,
        withAllow,
        ({ t, writer, spell, depth }, mode, allowAll) => {
          const segs = t.rel.split('/');
          const up = depth % segs.length;
          const prefix = t.spell[spell % t.spell.length]!;
          const word = (rel: string) =>
            rel === '' ? (prefix === '' || prefix === './' ? '.' : prefix.replace(/\/$/, '')) : `${prefix}${q(rel)}`;
          const cmd = WRITERS[writer]!(word(t.rel), word(segs.slice(0, up).join('/')));
          const policy = policyFromObjects([
            { kind: 'projectSettings', settings: { permissions: { deny: [t.rule], ...(allowAll ? { allow: ['Bash(*)'] } : {}) } } },
          ]);
          const d = evaluate({ tool: 'Bash', input: { command: cmd } }, { mode, policy, cwd: P, home: HOME });
          expect([cmd, t.rule, mode, d.behavior]).not.toEqual([cmd, t.rule, mode, 'allow']);
          // No mode answers it: firm, or protected where the write may reach the path and nothing
          // shows it does (DESIGN, "Which answer for what cannot be seen"; in plan mode a plan block).
          if (d.behavior === 'ask' && !/critical/i.test(d.reason.kind))
            expect([cmd, t.rule, mode, ['firm', 'protected', 'planBlock'].includes(d.askKind ?? '')]).toEqual([cmd, t.rule, mode, true]);
        },
      ),
      { numRuns: propertyRuns(3000) },
    );
    // 3,000 generated calls take 10–40 s on two loaded cores: the limit catches a hang, not a speed.
  }, 120_000);
});

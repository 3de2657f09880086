import { describe, expect, it } from 'vitest';
import { families, generate } from '../support/bash-fuzz/families.js';
import { fromGenerated, generatedId } from '../support/bash-fuzz/harness.js';
import { PENDING_FAMILIES } from '../support/bash-fuzz/pending.js';
import { abbreviations, COMBOS, OPTIONS } from '../support/bash-fuzz/vocabulary.js';
import { presetNamed, USER_ENVIRONMENT } from '../support/bash-oracle/index.js';

const fams = families(['ls -la', 'git status; curl x | sh', 'echo hi']);

describe('shell fuzzer: generator families', () => {
  it('has every family the differential counts', () => {
    expect(fams.map((f) => f.name)).toEqual([
      'quoting',
      'line-continuation',
      'control-chars',
      'comments',
      'brace-expansion',
      'globs',
      'parameter-expansion',
      'arithmetic',
      'substitution',
      'heredoc',
      'assignment',
      'cd',
      'wrapper',
      'read-only-options',
      'path-program',
      'mutation',
      'path-effects',
      'deny-program',
      // the world families
      'escaped-arithmetic',
      'link-writes',
      'glob-link-writes',
      'patch-archive',
      'response-files',
      'repo-links',
      'git-signatures',
      'cdpath',
      'write-then-run',
      'bare-repos',
      'zsh',
      'path-lookup',
      'opaque-programs',
      'names-on-input',
      'installed-names',
      'startup-files',
    ]);
  });

  it('writes the files the start-up files run, in a HOME shape the call holds, judged by the next terminal', () => {
    const sample = generate(
      fams.filter((f) => f.name === 'startup-files'),
      400,
      34,
    );
    for (const g of sample) {
      expect(g.nextShell).toBe(true);
      expect(g.files!.length).toBeGreaterThan(0);
      for (const f of g.files!) expect(f.path.startsWith('/home/user/')).toBe(true);
    }
    const variants = new Set(sample.map((g) => g.variant!.split(': ')[1]!.replace(' (missed)', '')));
    for (const w of ['>', '>>', 'tee -a', 'cp', 'mv', 'install', 'ln -s', 'sed -i 1i', 'here-document', 'variable'])
      expect(variants).toContain(w);
    expect(sample.filter((g) => g.calls !== undefined).length).toBeGreaterThan(5);
    expect(sample.filter((g) => g.variant!.endsWith('(missed)')).length).toBeGreaterThan(10);
    expect(new Set(sample.map((g) => g.shell))).toEqual(new Set(['bash', 'sh', 'zsh']));
    // The HOME shape is part of the call's id.
    const g = sample[0]!;
    expect(generatedId({ ...g, files: [] })).not.toBe(generatedId(g));
    expect(fromGenerated(g).nextShell).toBe(true);
  });

  it('runs world families in their shells and a drawn environment, some as scenarios of several calls', () => {
    const world = fams.filter((f) => f.world !== undefined);
    const sample = generate(world, 600, 7);
    const shells = new Set(sample.map((g) => g.shell));
    expect([...shells].sort()).toEqual(['bash', 'sh', 'zsh']);
    for (const g of sample) {
      const f = world.find((x) => x.name === g.family)!;
      expect(f.world!.shells).toContain(g.shell);
      expect(f.world!.combos).toContain(g.combo);
      for (const [name, value] of Object.entries(g.env ?? {})) {
        if (name === 'CDPATH' && g.family === 'cdpath') continue; // the family's own values
        if (name === 'PATH' && g.family === 'path-lookup') continue;
        expect(USER_ENVIRONMENT[name]).toContain(value);
      }
      if (g.calls) {
        expect(g.calls.length).toBeGreaterThanOrEqual(2);
        expect(g.command).toBe(g.calls.join(' ;; '));
      }
    }
    expect(sample.filter((g) => g.calls).length).toBeGreaterThan(20);
    expect(sample.filter((g) => g.family === 'zsh').every((g) => g.shell === 'zsh')).toBe(true);
    // Shell and environment are part of a call's id: the same bytes in another shell are another call.
    const g = sample.find((x) => x.shell === 'bash')!;
    expect(generatedId({ ...g, shell: 'zsh' })).not.toBe(generatedId(g));
  });

  it('puts a program where PATH finds it first, and tells toolgate that PATH unless toolgate assumes its shape', () => {
    const lookup = generate(
      fams.filter((f) => f.name === 'path-lookup'),
      300,
      11,
    );
    for (const g of lookup) {
      const path = g.environment?.['PATH'] ?? g.env?.['PATH'];
      expect(path).toBeDefined();
      // Untold, the shell's PATH starts with a directory toolgate looks at when PATH is unknown (decision 0065).
      if (g.environment === undefined)
        expect(path).toMatch(/^\/home\/user\/(project\/(\.venv\/bin|venv\/bin|node_modules\/\.bin|bin)|\.local\/bin|bin):/);
      // Told, the shell has the same value (no drawn PATH beside it).
      else expect(g.env?.['PATH']).toBeUndefined();
    }
    expect(lookup.filter((g) => g.setup !== undefined).length).toBeGreaterThan(50);
    expect(lookup.filter((g) => g.calls !== undefined).length).toBeGreaterThan(30);
    expect(lookup.filter((g) => g.environment === undefined).length).toBeGreaterThan(30);
    // What the checkout holds and what toolgate is told are part of the call's id.
    const held = lookup.find((g) => g.setup !== undefined)!;
    expect(generatedId({ ...held, setup: 'true' })).not.toBe(generatedId(held));
    const told = lookup.find((g) => g.environment !== undefined)!;
    expect(generatedId({ ...told, environment: { PATH: '/usr/bin' } })).not.toBe(generatedId(told));
    expect(fromGenerated(told).environment).toEqual(told.environment);
  });

  it('keeps every pending family out of the CI sample with a reason, and names only real families', () => {
    for (const [name, reason] of Object.entries(PENDING_FAMILIES)) {
      expect(fams.map((f) => f.name)).toContain(name);
      expect(reason!.length).toBeGreaterThan(20);
    }
  });

  it('spreads a sample evenly over the families, the same for the same seed', () => {
    const n = fams.length * 10;
    const a = generate(fams, n, 42);
    const b = generate(fams, n, 42);
    expect(a).toEqual(b);
    const per = new Map<string, number>();
    for (const g of a) per.set(g.family, (per.get(g.family) ?? 0) + 1);
    expect([...per.values()]).toEqual(Array(fams.length).fill(10));
    expect(generate(fams, n, 43)).not.toEqual(a);
    for (const g of a) {
      if (g.shell === undefined) expect(COMBOS).toContain(g.combo);
      expect(presetNamed(g.combo.split('/')[0]!)).toBeDefined();
      expect(g.command.length).toBeGreaterThan(0);
    }
  });

  it('gives each generated call a stable id and the preset of its combination', () => {
    const [g] = generate(fams, 1, 1);
    const call = fromGenerated(g!);
    expect(call.id).toBe(generatedId(g!));
    expect(call.id).toMatch(/^fuzz-quoting-[0-9a-f]{10}$/);
    expect(call.mode).toBe(g!.combo.split('/')[1]);
    expect(call.settings).toHaveProperty('permissions');
  });

  it('knows the installed tools’ options and their GNU abbreviations', () => {
    expect(OPTIONS['timeout']!.map((o) => o.name)).toContain('--kill-after');
    expect(OPTIONS['rg']!.map((o) => o.name)).toContain('--pre');
    expect(OPTIONS['tree']!.find((o) => o.name === '-o')?.value).toBe('required');
    expect(abbreviations('--kill-after', OPTIONS['timeout']!)).toEqual([
      '--k',
      '--ki',
      '--kil',
      '--kill',
      '--kill-',
      '--kill-a',
      '--kill-af',
      '--kill-aft',
      '--kill-afte',
    ]);
    expect(abbreviations('--adjustment', OPTIONS['nice']!)[0]).toBe('--a');
  });
});

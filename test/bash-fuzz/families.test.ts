import { describe, expect, it } from 'vitest';
import { families, generate } from '../support/bash-fuzz/families.js';
import { fromGenerated, generatedId } from '../support/bash-fuzz/harness.js';
import { abbreviations, COMBOS, OPTIONS } from '../support/bash-fuzz/vocabulary.js';

const fams = families(['ls -la', 'git status; curl x | sh', 'echo hi']);

describe('shell fuzzer: generator families', () => {
  it('has every family the differential counts', () => {
    expect(fams.map((f) => f.name)).toEqual([
      'quoting', 'line-continuation', 'control-chars', 'comments', 'brace-expansion', 'globs', 'parameter-expansion', 'arithmetic',
      'substitution', 'heredoc', 'assignment', 'cd', 'wrapper', 'read-only-options', 'path-program', 'mutation', 'path-effects', 'deny-program',
    ]);
  });

  it('spreads a sample evenly over the families, the same for the same seed', () => {
    const a = generate(fams, 180, 42);
    const b = generate(fams, 180, 42);
    expect(a).toEqual(b);
    const per = new Map<string, number>();
    for (const g of a) per.set(g.family, (per.get(g.family) ?? 0) + 1);
    expect([...per.values()]).toEqual(Array(18).fill(10));
    expect(generate(fams, 180, 43)).not.toEqual(a);
    for (const g of a) {
      expect(COMBOS).toContain(g.combo);
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
    expect(abbreviations('--kill-after', OPTIONS['timeout']!)).toEqual(['--k', '--ki', '--kil', '--kill', '--kill-', '--kill-a', '--kill-af', '--kill-aft', '--kill-afte']);
    expect(abbreviations('--adjustment', OPTIONS['nice']!)[0]).toBe('--a');
  });
});

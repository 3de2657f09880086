import { describe, expect, it } from 'vitest';
import { kustomizationNames } from '../../../src/shell/programs/kustomization.js';

describe('kustomizationNames', () => {
  it('names the files and kustomizations a build reads', () => {
    expect(kustomizationNames('resources: []\n')).toEqual({ files: [], entries: [] });
    expect(
      kustomizationNames(
        'resources:\n- base\n- cm.yaml\nconfigMapGenerator:\n- name: app\n  files:\n  - a.properties\n  - key=b.txt\n  envs: [vars.env]\npatches:\n- path: p.yaml\n  target:\n    kind: Deployment\n',
      ),
    ).toEqual({ files: ['a.properties', 'b.txt', 'vars.env', 'p.yaml'], entries: ['base', 'cm.yaml'] });
  });

  it('gives a reason for what runs a program, loads plugins, is fetched or is not read', () => {
    expect(kustomizationNames('helmCharts:\n- name: x\n').why).toBe('its helmCharts run helm');
    expect(kustomizationNames('transformers:\n- t.yaml\n').why).toBe('its transformers name plugins');
    expect(kustomizationNames('resources:\n- github.com/x/y/base?ref=v1\n').why).toMatch(/fetches/);
    expect(kustomizationNames('foo: 1\n').why).toMatch(/foo/);
    expect(kustomizationNames('resources: &r\n- a\n').why).toMatch(/YAML toolgate does not read/);
    expect(kustomizationNames('transformers: []\n').why).toBeUndefined();
  });
});

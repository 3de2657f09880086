import { describe, expect, it } from 'vitest';
import { readYamlSubset } from '../../../src/shell/programs/yaml-subset.js';

describe('readYamlSubset', () => {
  it('reads block mappings and sequences, a sequence at the indentation of its key, flow sequences and comments', () => {
    expect(readYamlSubset('resources: []\n')).toEqual({ resources: [] });
    expect(
      readYamlSubset(
        '# app\nresources:\n  - base\nconfigMapGenerator:\n- name: app\n  files:\n  - a.properties\n  - key=b.txt\ncommonLabels:\n  app: web\n',
      ),
    ).toEqual({
      resources: ['base'],
      configMapGenerator: [{ name: 'app', files: ['a.properties', 'key=b.txt'] }],
      commonLabels: { app: 'web' },
    });
    expect(readYamlSubset(`resources: [a.yaml, "b.yaml", 'c.yaml'] # three\n`)).toEqual({ resources: ['a.yaml', 'b.yaml', 'c.yaml'] });
    expect(readYamlSubset('---\nresources:\n- https://x/y?ref=v1\n')).toEqual({ resources: ['https://x/y?ref=v1'] });
  });

  it('reads nothing outside the subset: anchors, aliases, block scalars, a scalar over lines, two documents, tabs', () => {
    for (const text of [
      'resources: &r\n- a.yaml\ncomponents: *r\n',
      'patches:\n- patch: |-\n    - op: replace\n',
      'key: value\n  continued\n',
      'a: 1\n---\nb: 2\n',
      'a:\n\t- b\n',
      'a: b: c\n',
      'a: {b: c}\n',
      'a: 1\na: 2\n',
      'a: "x\\ny"\n',
    ])
      expect(readYamlSubset(text), text).toBeUndefined();
  });
});

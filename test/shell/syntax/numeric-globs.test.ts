import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

/** zsh 5.9 reads `<x-y>` in a word as a numeric glob (`cat key<->.pem` read key1.pem); bash and sh read redirections. */
describe("zsh's numeric range glob", () => {
  const READS: readonly [command: string, zshArgv: string[], bashArgv: string[]][] = [
    ['cat key<->.pem', ['cat', 'key[0-9]*.pem'], ['cat', 'key']],
    ['head certs/server<1-5>.pem', ['head', 'certs/server[0-9]*.pem'], ['head', 'certs/server']],
    [
      'diff3 --diff-program ./x.<->sh a b c',
      ['diff3', '--diff-program', './x.[0-9]*sh', 'a', 'b', 'c'],
      ['diff3', '--diff-program', './x.', 'a', 'b', 'c'],
    ],
    ['cat k<10->x<-9>y', ['cat', 'k[0-9]*x[0-9]*y'], ['cat', 'k']],
  ];
  for (const [command, z, b] of READS) {
    it(`${command}: a glob word in zsh, redirections in bash and sh`, () => {
      const a = analyzeShell(command, { shell: 'zsh' });
      expect(a.unseen).toEqual([]);
      expect(a.commands.map((c) => c.argv)).toEqual([z]);
      expect(a.redirects).toEqual([]);
      for (const shell of ['bash', 'sh'] as const) {
        const s = analyzeShell(command, { shell });
        expect(s.commands.map((c) => c.argv)).toEqual([b]);
        expect(s.redirects.length).toBeGreaterThan(0);
      }
    });
  }

  // Each reading's commands and redirections are judged as any others, so the call is decided as
  // the stricter of the two: no firm ask of its own, which no standing answer could meet (#37).
  it('the unknown shell judges both readings, with no firm ask of its own', () => {
    const a = analyzeShell('cat key<->.pem');
    expect(a.commands.map((c) => c.argv)).toContainEqual(['cat', 'key[0-9]*.pem']);
    expect(a.commands.map((c) => c.argv)).toContainEqual(['cat', 'key']);
    expect(a.redirects.length).toBeGreaterThan(0);
    expect(a.unseen).toEqual([]);
  });

  it('keeps `< f`, `<-`, `<-5`, `<-->`, `<>`, here-documents and comparisons as zsh reads them', () => {
    for (const command of [
      'cat < f',
      'cat <-',
      'cat <-5',
      'cat <--> f',
      'cat x<>y',
      'cat <<-E\n<1-2>\nE',
      '[[ a <-1> b ]]',
      'echo $(( a<-1>0 ))',
    ]) {
      const z = analyzeShell(command, { shell: 'zsh' });
      const b = analyzeShell(command, { shell: 'bash' });
      expect([command, z.commands.map((c) => c.argv), z.redirects]).toEqual([command, b.commands.map((c) => c.argv), b.redirects]);
    }
  });
});

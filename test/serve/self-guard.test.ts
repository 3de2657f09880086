import { describe, expect, it } from 'vitest';
import { evaluate, loadSettings, prepare } from '../../src/index.js';
import { createMemoryFileSystem } from '../../src/testing/index.js';
import { builtInSettings, runsAnswerCommand } from '../../src/serve/self-guard.js';

const words = (s: string) => s.split(' ');

describe('runsAnswerCommand', () => {
  it.each([
    'toolgate asks answer a allow --code X',
    '/usr/local/bin/toolgate asks answer a deny',
    'node_modules/.bin/toolgate --no-color asks answer a allow',
    'npx toolgate@0.1.0 asks answer a allow',
    'npx --offline toolgate@0.1 asks answer a allow',
    'npx --yes --package=toolgate@latest toolgate asks answer a allow',
    'npx -p toolgate -c toolgate\u0020asks\u0020answer\u0020a\u0020allow',
    'npx @acme/toolgate@2 asks answer a allow',
    'npm exec toolgate@0.1.0 -- asks answer a allow',
    'npm x toolgate asks answer a allow',
    'pnpm dlx toolgate asks answer a allow',
    'pnpm exec toolgate asks answer a allow',
    'yarn dlx toolgate@0.1.0 asks answer a allow',
    'bunx toolgate asks answer a allow',
    'bun x toolgate asks answer a allow',
    'corepack pnpm dlx toolgate asks answer a allow',
    'node ./node_modules/toolgate/dist/cli/main.js asks answer a allow',
    'node /opt/app/dist/cli/main.cjs asks answer a allow',
    'tsx src/cli/main.ts asks answer a allow',
    'toolgate asks ans{w,x}er a allow',
    '{toolgate,true} asks answer a allow',
    'toolgate serve --listen 127.0.0.1:0',
    'toolgate --store x.db serve',
    'npx toolgate@0.1.0 serve',
    'toolgate asks answe? a allow',
    'toolgate asks an*er a allow',
    'toolgate asks [!x]nswer a allow',
    't?olgate s*e',
    'dist/cli/main.js asks answer a allow',
    '/opt/tg/dist/cli/main.js serve',
    'node /opt/tg/dist/cli/../cli/main.js asks answer a allow',
    'node dist/cli/main asks answer a allow',
    'node dist/c*/main.js asks answer a allow',
    'node /opt/tg/*/cli/ma?n.js serve',
    'toolgate grants add Bash(*)',
    'toolgate --store x grants add Bash(*)',
    'npx toolgate@0.1.0 grants grant x',
    'node dist/cli/main.js grants a*d',
    'toolgate grants re*',
    'toolgate gr{a,}nts add x',
  ])('%s: yes', (command) => {
    expect(runsAnswerCommand(words(command))).toBe(true);
  });

  it.each([
    'toolgate asks list',
    'toolgate asks show answer',
    'toolgate check Bash "asks answer"',
    'npx toolgate@0.1.0 asks show a',
    'npx prettier asks answer',
    'npm run asks answer',
    'npm test asks answer',
    'node x.js asks answer',
    'echo toolgate asks answer',
    'grep -r toolgate asks answer',
    'gh issue view 7370',
    'toolgate asks ans{x,y}er',
    'toolgate check Bash serve',
    'toolgate asks ans?x a',
    'toolgate asks [!a]nswer a',
    'npx serve',
    'node x.js serve',
    'node dist/c*/x.js serve',
    'toolgate grants list --json',
    'toolgate grants show g1',
    'toolgate grants revoke g1',
    'toolgate grants prune --before 30d',
    'toolgate grants',
    'toolgate grants --help',
    'npx toolgate grants revoke g1',
    'toolgate asks show grants',
    'npx prettier grants add',
  ])('%s: no', (command) => {
    expect(runsAnswerCommand(words(command))).toBe(false);
  });
});

describe("serve's built-in rules", () => {
  const files = { '/p/x.js': 'x', '/s/token': 'secret-secret-secret' };
  const decide = async (builtIn: boolean, command: string) => {
    await prepare();
    const settings = builtInSettings({ tokenFile: '/s/token' });
    const policy = await loadSettings({
      fs: createMemoryFileSystem(files),
      cwd: '/p',
      home: '/h',
      projectDir: '/p',
      managedPaths: [],
      inline: [{ permissions: { allow: ['Bash(node *)', 'Bash(cat *)'] } }, ...(builtIn ? [] : [settings])],
      ...(builtIn ? { builtIn: [settings] } : {}),
      isProjectTrusted: () => true,
    });
    return evaluate({ tool: 'Bash', input: { command } }, { mode: 'default', policy, cwd: '/p', home: '/h', workingDirectories: ['/p'] } as never);
  };

  it('deny what they match like any deny rule', async () => {
    expect((await decide(true, 'cat /s/token')).behavior).toBe('deny');
    expect((await decide(false, 'cat /s/token')).behavior).toBe('deny');
  });

  it('do not hold opaque code against it: node x.js under Bash(node *) is allowed', async () => {
    expect((await decide(true, 'node x.js')).behavior).toBe('allow');
  });
});

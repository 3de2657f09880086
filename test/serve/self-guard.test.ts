import { describe, expect, it } from 'vitest';
import { evaluate, loadSettings, prepare } from '../../src/index.js';
import { createMemoryFileSystem } from '../../src/testing/index.js';
import { builtInSettings, projectScripts, runsAnswerCommand, type ScriptLookup } from '../../src/serve/self-guard.js';

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

/** A project's scripts as `package.json` would hold them. */
const SCRIPTS: Record<string, string> = {
  test: 'vitest run',
  build: 'tsc -p .',
  serve: 'vite preview',
  dev: 'toolgate serve --listen 127.0.0.1:0',
  tg: 'toolgate',
};
const project: ScriptLookup = (name) => SCRIPTS[name] ?? null;

describe('runsAnswerCommand through package runners, judged by what they run', () => {
  it.each([
    'pnpm --silent exec toolgate serve',
    'pnpm -s exec toolgate serve',
    'pnpm -C sub exec toolgate serve',
    'pnpm --filter app exec toolgate serve',
    'pnpm -w exec toolgate serve',
    'pnpm -r exec toolgate serve',
    'pnpm -s toolgate serve',
    'pnpm run toolgate serve',
    'pnpm toolgate asks answer ask_x allow --code AAAA-BBBB',
    'pnpm --package=toolgate dlx toolgate serve',
    'pnpm exec -- toolgate serve',
    'yarn toolgate serve',
    'yarn run -T toolgate serve',
    'yarn node node_modules/toolgate/dist/cli/main.js serve',
    'yarn -s exec toolgate serve',
    'yarn --silent toolgate serve',
    'yarn workspace p toolgate serve',
    'yarnpkg toolgate serve',
    'npm --offline exec toolgate serve',
    'npm -s exec toolgate serve',
    'npm -s exec -- toolgate serve',
    'npm -s --offline exec toolgate -- asks answer a allow',
    'npm x toolgate serve',
    'npm exec -c toolgate\u0020serve',
    'npm explore toolgate -- node dist/cli/main.js serve',
    'deno run -A npm:toolgate serve',
    'deno run -A npm:toolgate@0.1.0 asks answer a allow',
    'deno x npm:toolgate serve',
    'deno npm:toolgate serve',
    'volta run toolgate serve',
    'volta run --node 20 node node_modules/toolgate/dist/cli/main.js serve',
    'nvm exec 20 node node_modules/toolgate/dist/cli/main.js serve',
    'nvm run 20 node_modules/toolgate/dist/cli/main.js serve',
    'fnm exec -- toolgate serve',
    'fnm exec --using=20 toolgate serve',
    'corepack pnpm toolgate serve',
    'corepack yarn toolgate serve',
    'corepack pnpm@9.1.0 exec toolgate serve',
    'corepack npx toolgate serve',
    'npx git+file:///path/to/toolgate serve',
    'npx ./toolgate-0.1.0.tgz serve',
    'npx github:someone/fork serve',
    'pnpm dlx file:../tg asks answer a allow',
    'bun toolgate serve',
    'bun run toolgate serve',
    'bun ./node_modules/toolgate/dist/cli/main.js serve',
    'pnpm --some-new-option x exec toolgate serve',
    'npm run dev',
    'npm run tg -- serve',
    'pnpm tg serve',
    'yarn tg asks answer a allow',
    'pnpm -C other unknown serve',
  ])('%s: yes', (command) => {
    expect(
      runsAnswerCommand(
        words(command).map((w) => w.replace(/\\u0020/g, ' ')),
        project,
      ),
    ).toBe(true);
  });

  it.each([
    'npm install serve',
    'npm i -D serve',
    'pnpm add serve',
    'yarn add serve',
    'bun add serve',
    'npx serve',
    'npx serve -s build',
    'pnpm exec vite serve',
    'npx vite serve',
    'pnpm vite serve',
    'yarn vite serve',
    'npm run serve',
    'pnpm serve',
    'npm test',
    'npm test -- serve',
    'npm run build',
    'pnpm toolgate grants list',
    'yarn toolgate asks list',
    'npm exec toolgate -- asks show a',
    'corepack enable',
    'corepack pnpm install serve',
    'volta install node',
    'nvm use 20',
    'deno run -A ./server.ts serve',
    'deno task build',
    'deno fmt serve',
    'npm -s exec -- node x.js serve',
  ])('%s: no', (command) => {
    expect(runsAnswerCommand(words(command), project)).toBe(false);
  });

  it("a script toolgate cannot read may be the CLI: unknown, its arguments are judged as the CLI's", () => {
    expect(runsAnswerCommand(words('npm test -- serve'))).toBe(true);
    expect(runsAnswerCommand(words('pnpm vite serve'))).toBe(true);
    expect(runsAnswerCommand(words('npm test'))).toBe(false);
  });

  it('reads long and nested runner commands within its bound', () => {
    const files = Array.from({ length: 5000 }, (_, i) => `./src/f${i}.ts`);
    expect(runsAnswerCommand(['npx', 'eslint', ...files, 'serve'], project)).toBe(false);
    expect(
      runsAnswerCommand([...Array.from({ length: 50 }, () => 'corepack pnpm exec npx'.split(' ')).flat(), 'toolgate', 'serve'], project),
    ).toBe(true);
  });

  it('reads the scripts of the nearest package.json', async () => {
    const view = {
      exists: (p: string) => ['/p/package.json', '/q/package.json'].includes(p),
      realpath: (p: string) => p,
      readText: (p: string) =>
        p === '/p/package.json'
          ? JSON.stringify({ scripts: { dev: 'toolgate serve', build: 'tsc' } })
          : p === '/q/package.json'
            ? '{not json'
            : undefined,
    };
    expect(projectScripts(view as never, '/p/sub')('dev')).toBe('toolgate serve');
    expect(projectScripts(view as never, '/p/sub')('lint')).toBe(null);
    expect(projectScripts(view as never, '/q')('dev')).toBe(undefined);
    expect(projectScripts(view as never, '/r')('dev')).toBe(null);
    expect(projectScripts({ exists: () => true, realpath: (p: string) => p } as never, '/p')('dev')).toBe(undefined);
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
    return evaluate({ tool: 'Bash', input: { command } }, {
      mode: 'default',
      policy,
      cwd: '/p',
      home: '/h',
      workingDirectories: ['/p'],
    } as never);
  };

  it('deny what they match like any deny rule', async () => {
    expect((await decide(true, 'cat /s/token')).behavior).toBe('deny');
    expect((await decide(false, 'cat /s/token')).behavior).toBe('deny');
  });

  it('do not hold opaque code against it: node x.js under Bash(node *) is allowed', async () => {
    expect((await decide(true, 'node x.js')).behavior).toBe('allow');
  });
});

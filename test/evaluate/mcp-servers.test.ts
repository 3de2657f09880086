/**
 * The MCP servers Claude Code starts by itself (`.mcp.json`, `~/.claude.json` user and local
 * scope): their command lines as shell text, read once for the hook-code check (red team 27, RT27-J).
 */
import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { mcpServerCommands } from '../../src/evaluate/mcp-servers.js';

const P = '/home/user/project';
const H = '/home/user';
const view = (files: Record<string, string>) => caseFsView(files, { cwd: P, home: H, platform: 'linux' });
const text = (o: unknown) => `text: ${JSON.stringify(o)}\n`;

describe('mcpServerCommands', () => {
  it('reads the project, user and local scopes, each stdio server as its command and arguments', () => {
    const fs = view({
      [`${P}/.mcp.json`]: text({ mcpServers: { a: { command: 'node', args: ['tools/server.js', '--port', '1'] } } }),
      [`${H}/.claude.json`]: text({
        mcpServers: { u: { type: 'stdio', command: 'sh', args: ['/home/user/bin/x.sh'] } },
        projects: { [P]: { mcpServers: { l: { command: 'sh', args: ['tools/s.sh'] } } }, '/other': { mcpServers: { o: { command: 'sh', args: ['o.sh'] } } } },
      }),
    });
    expect(mcpServerCommands(P, H, fs).map((s) => s.command)).toEqual(['node tools/server.js --port 1', 'sh /home/user/bin/x.sh', 'sh tools/s.sh']);
    expect(mcpServerCommands(P, H, fs)[0]!.runBy).toMatch(/^\.mcp\.json's server a runs, which Claude Code starts at each session start once it is approved/);
  });

  it('quotes a word with blanks, puts in ${HOME}, and leaves another variable a variable', () => {
    const fs = view({ [`${P}/.mcp.json`]: text({ mcpServers: { a: { command: '${HOME}/bin/srv', args: ['a b', '${TOKEN}'] } } }) });
    expect(mcpServerCommands(P, H, fs).map((s) => s.command)).toEqual([`/home/user/bin/srv 'a b' "\${TOKEN}"`]);
  });

  it('names nothing for a remote server, a file that is not JSON, or no view', () => {
    expect(mcpServerCommands(P, H, view({ [`${P}/.mcp.json`]: text({ mcpServers: { r: { type: 'http', url: 'https://x.invalid/mcp' } } }) }))).toEqual([]);
    expect(mcpServerCommands(P, H, view({ [`${P}/.mcp.json`]: 'text: {"mcpServers": \n' }))).toEqual([]);
    expect(mcpServerCommands(P, H, undefined)).toEqual([]);
  });
});

describe('mcpServerCommands: env and ${VAR} (check29 c29-25, c29-26)', () => {
  it("writes a server's env as assignments before its command, each read through the one table", () => {
    const fs = view({ [`${P}/.mcp.json`]: text({ mcpServers: { a: { command: 'npx', args: ['-y', 'srv'], env: { NODE_OPTIONS: '--require ./tools/pre.js', N: 1 } } } }) });
    expect(mcpServerCommands(P, H, fs).map((s) => s.command)).toEqual([`NODE_OPTIONS='--require ./tools/pre.js' npx -y srv`]);
  });

  it('puts in a known value or the default, and judges an unknown value as each it may have', () => {
    const fs = view({ [`${P}/.mcp.json`]: text({ mcpServers: { a: { command: 'node', args: ['${TOOLS:-tools}/pre.js'] } } }) });
    expect(mcpServerCommands(P, H, fs, (n) => (n === 'TOOLS' ? '/opt/t' : null)).map((s) => s.command)).toEqual(['node /opt/t/pre.js']);
    expect(mcpServerCommands(P, H, fs, () => null).map((s) => s.command)).toEqual(['node tools/pre.js', 'node /pre.js']);
    expect(mcpServerCommands(P, H, fs).map((s) => s.command)).toEqual(['node tools/pre.js', `node ${P}/pre.js`]);
  });

  it('takes ${PWD} as the folder Claude Code started in and ${HOME} as the home directory where the facts do not say', () => {
    const fs = view({ [`${P}/.mcp.json`]: text({ mcpServers: { a: { command: 'node', args: ['${PWD}/tools/s.js', '${HOME}/s.js'] } } }) });
    expect(mcpServerCommands(P, H, fs, () => null).map((s) => s.command)).toEqual([`node ${P}/tools/s.js ${H}/s.js`]);
  });
});

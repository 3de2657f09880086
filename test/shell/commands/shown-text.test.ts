/**
 * Text the line shows becoming code (decision 0130): what a command writes, what a wrapper hands on,
 * the files and variables the line wrote earlier. Each form ran under bash 5.2 (zsh 5.9, dash 0.5.12
 * where named) and overwrote .claude/settings.json (red team 25's replay, RP25-S2/I4/U2).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

const CP = 'cp x.json .claude/settings.json';
const commands = (line: string, shell: 'bash' | 'zsh' | 'sh' = 'bash') =>
  analyzeShell(line, { shell }).commands.map((c) => c.argv.join(' '));
const named = (line: string, name: string) => analyzeShell(line, { shell: 'bash' }).commands.find((c) => c.argv[0] === name)!;

describe('what a pipeline feeds code', () => {
  it('reads what a wrapper hands the shell it runs, and what cat, tee, head and tail pass on', () => {
    for (const line of [
      `echo '${CP}' | env bash`,
      `echo '${CP}' | nice -n 1 timeout 5 bash`,
      `echo '${CP}' | tee /dev/null | bash`,
      `head -1 <<< '${CP}' | bash`,
      `printf 'ls\\n${CP}\\n' | tail -n 1 | bash`,
      `echo '${CP}' | source /dev/stdin`,
      `echo '${CP}' | . /dev/stdin`,
      `printf '\\x63p x.json .claude/settings.json' | bash`,
    ])
      expect(commands(line), line).toContain(CP);
  });
  it('passes on only the lines head keeps', () => {
    expect(commands(`printf 'ls\\n${CP}\\n' | head -n 1 | bash`)).not.toContain(CP);
  });
  it("reads xargs's words as the script of sh -c, split as xargs splits", () => {
    expect(commands(`echo '${CP}' | xargs -0 sh -c`).some((c) => c.startsWith(CP))).toBe(true);
    expect(commands(`echo '"${CP}"' | xargs sh -c`)).toContain(CP);
    // Split at blanks, the script is `cp` alone: bash 5.2 ran cp with no operand.
    expect(commands(`echo '${CP}' | xargs sh -c`)).not.toContain(CP);
  });
});

describe('files and variables the line wrote', () => {
  it('reads a file the line wrote where a shell runs it', () => {
    for (const line of [
      `printf '${CP}' > x.sh && bash x.sh`,
      `echo '${CP}' > x.sh; source x.sh`,
      `echo '${CP}' > x.sh; bash < x.sh`,
      `printf '${CP}' > x.sh; chmod +x x.sh; ./x.sh`,
      `printf '${CP}\\n' >> x.sh && bash x.sh`,
      `cat <<'EOF' > x.sh\n${CP}\nEOF\nbash x.sh`,
    ])
      expect(commands(line), line).toContain(CP);
    // Only a file written before: run first, it is the file as it was.
    expect(commands(`bash x.sh; printf '${CP}' > x.sh`)).not.toContain(CP);
    // What the shell runs may be more than the line wrote: it stays opaque too.
    expect(named(`printf 'ls' > x.sh && bash x.sh`, 'bash').opaque).toMatch(/runs the script x\.sh/);
  });
  it("reads an interpreter's script the line wrote, and a variable set to literal code", () => {
    const py = `import shutil; shutil.copy("x.json", ".claude/settings.json")`;
    expect(named(`echo '${py}' > t.py && python3 t.py`, 'python3').codePaths).toEqual(['.claude/settings.json']);
    expect(named(`c='${py}'; python3 -c "$c"`, 'python3').codePaths).toEqual(['.claude/settings.json']);
    expect(named(`printf '#!/usr/bin/python3\\n${py}\\n' > x.sh; ./x.sh`, './x.sh').codePaths).toEqual(['.claude/settings.json']);
  });
});

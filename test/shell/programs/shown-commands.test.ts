/**
 * The shell commands the literal text of m4, dc and make shows (decision 0131): read as an
 * interpreter's embedded commands (`SimpleCommand.embeddedShell`), each form verified with m4
 * 1.4.19, GNU dc 1.4.1 and GNU make 4.3.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

const shown = (command: string): string[] => analyzeShell(command, { shell: 'bash' }).commands.flatMap((c) => c.embeddedShell ?? []);

describe('commands a program shows in its literal text', () => {
  it.each([
    ["m4 <<< 'syscmd(touch m)'", ['touch m']],
    ["m4 <<< 'esyscmd(touch m)'", ['touch m']],
    ["m4 <<< $'syscmd(`touch m\\')'", ['touch m']],
    ["m4 -D 'X=syscmd(touch m)' <<< X", ['touch m']],
    ["echo 'syscmd(touch m)' | m4", ['touch m']],
    ["m4 <<< 'syscmd (touch m)'", []],
    ["dc -e '!touch m'", ['touch m']],
    ["dc --expression='!touch m'", ['touch m']],
    ["echo '[!touch m]x' | dc", ['touch m]x', 'touch m']],
    ["dc -e '1 2 !<a p'", []],
    ["make -f - <<< $'all:\\n\\t@-touch m'", ['touch m']],
    ["printf 'all: ; touch m\\n' | make -f -", ['touch m']],
    ["make --eval='$(shell touch m)' -f /dev/null", ['touch m']],
    ["make -E 'all: ; touch m'", ['touch m']],
    ["make -f Makefile <<< $'all:\\n\\ttouch m'", []],
  ])('%s shows %j', (command, commands) => {
    expect(shown(command)).toEqual(commands);
  });
});

/**
 * vipw, vigr and visudo: edit the password, group and sudoers files (as root) with the editor the
 * environment names. Only that editor is modelled: what each does otherwise is not
 * (`otherwiseUnknown`), and its words are assumed (`visudo -f FILE` edits FILE). An editor the line
 * names is a program toolgate does not read: a write it cannot see, a protected ask in every mode
 * (decision 0092). Verified as root on Debian 12 (#37): `EDITOR='rm -rf .claude' vipw` and
 * `EDITOR='rm -rf .claude' visudo` removed .claude.
 */
import { defineProgram, type ReadVariable } from './model.js';

const VISUAL: ReadVariable = { may: ['code'], what: 'VISUAL names the editor it runs' };
const EDITOR: ReadVariable = { may: ['code'], what: 'EDITOR names the editor it runs when VISUAL is not set' };

/** @internal */
export const vipw = defineProgram({
  names: ['vipw', 'vigr'],
  summary: 'vipw, vigr: edit the password and group files (only the editor they run is modelled)',
  sources: ['shadow 4.13 vipw(8) ENVIRONMENT (VISUAL, EDITOR); verified as root on Debian 12 (#37)'],
  readsVariables: { VISUAL, EDITOR },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: "EDITOR='rm -rf .claude' vipw", effects: ['write . [some]'], why: 'the editor the line names runs' }],
});

/** @internal */
export const visudo = defineProgram({
  names: ['visudo'],
  summary: 'visudo: edit the sudoers file (only the editor it runs is modelled)',
  sources: ['sudo 1.9 visudo(8) ENVIRONMENT (SUDO_EDITOR, VISUAL, EDITOR; env_editor); verified as root on Debian 12 (#37)'],
  readsVariables: {
    SUDO_EDITOR: { may: ['code'], what: 'SUDO_EDITOR names the editor visudo runs' },
    VISUAL: { may: ['code'], what: 'VISUAL names the editor visudo runs when SUDO_EDITOR is not set' },
    EDITOR: { may: ['code'], what: 'EDITOR names the editor visudo runs when neither SUDO_EDITOR nor VISUAL is set' },
  },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    { command: 'visudo -c', effects: [], why: 'an option is no file' },
    { command: "SUDO_EDITOR='sh x' visudo", effects: ['write . [some]'], why: 'the editor the line names runs' },
  ],
});

/**
 * xdg-utils' commands that set the user's default applications (xdg-utils 1.1.3, Debian 12):
 * `xdg-mime default APP.desktop TYPE…` and `xdg-settings set default-web-browser|default-url-
 * scheme-handler …` write `${XDG_CONFIG_HOME:-~/.config}/mimeapps.list`, whose entries choose the
 * desktop entry whose Exec line xdg-open (gio open, kde-open) runs for a file's type (a protected
 * file); `xdg-desktop-menu install|uninstall` writes the user's desktop entries in
 * `~/.local/share/applications` (protected as well, for the same Exec lines). Verified in the
 * read-only sandbox: `xdg-mime default x.desktop text/plain` wrote ~/.config/mimeapps.list, and
 * `xdg-mime query default text/plain` wrote nothing (red team 21, R21-4: both were allowed in
 * bypassPermissions). Only these writes are modelled: every other word may name a file.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';

/** `${XDG_CONFIG_HOME:-~/.config}/NAME` as a write at word `index` (an absolute XDG_CONFIG_HOME as given). */
function configWrite(index: number, name: string, variable?: (name: string) => string | null | undefined): FileOperand {
  const xdg = variable?.('XDG_CONFIG_HOME');
  if (typeof xdg === 'string' && xdg.startsWith('/')) return { op: 'write', index, value: `${xdg.replace(/\/+$/, '')}/${name}` };
  return { op: 'write', index, value: `.config/${name}`, inHome: true };
}

function xdgFiles(name: string, argv: readonly string[], variable?: (name: string) => string | null | undefined): FileOperands {
  const files: FileOperand[] = [];
  const action = argv[1];
  if (name === 'xdg-mime' && action === 'default') files.push(configWrite(1, 'mimeapps.list', variable));
  if (name === 'xdg-settings' && action === 'set') files.push(configWrite(1, 'mimeapps.list', variable));
  if (name === 'xdg-desktop-menu' && (action === 'install' || action === 'uninstall'))
    files.push({ op: 'write', index: 1, value: '.local/share/applications', inHome: true, tree: 'some' });
  return { files, unresolved: [], modelled: 'partly' };
}

/** @internal */
export const xdgUtils = defineProgram({
  names: ['xdg-mime', 'xdg-settings', 'xdg-desktop-menu'],
  summary: "xdg-utils: the commands that set the user's default applications (only those writes are modelled)",
  sources: [
    'xdg-utils 1.1.3 xdg-mime(1) ("default"), xdg-settings(1) ("set"), xdg-desktop-menu(1); XDG MIME Applications Associations (mimeapps.list)',
    'verified on Debian 12 in the read-only sandbox (red team 21, R21-4)',
  ],
  files: (name, argv, _literal, variable) => xdgFiles(name, argv, variable),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'xdg-mime default x.desktop text/plain',
      effects: ['write /home/user/.config/mimeapps.list', 'write ./x.desktop (word)', 'write ./text/plain (path)'],
      why: 'it wrote ~/.config/mimeapps.list (red team 21)',
    },
    {
      command: 'xdg-mime query default text/plain',
      effects: ['write ./query (word)', 'write ./default (word)', 'write ./text/plain (path)'],
      why: 'it prints the default application and writes nothing (verified)',
    },
  ],
});

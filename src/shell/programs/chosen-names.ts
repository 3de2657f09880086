/**
 * The names a machine points at a program of its choosing (its program told by the file-system
 * view in `src/evaluate/same-file-names.ts`) — Debian's and Ubuntu's alternatives
 * (`/etc/alternatives`, `update-alternatives --get-selections`), Fedora's the same: only these are
 * looked up in the view, so a call pays for no file-system lookups unless it runs or a rule names
 * one of them (a lookup costs microseconds; a Bash call's decision, tens of them).
 * Examples: `editor` is vim, nano or ed; `pager` less or more; `x-www-browser` any browser;
 * `cc` gcc or clang; `java` any JDK's; `mt` GNU cpio's or mt-st's.
 */
export const CHOSEN_NAMES: ReadonlySet<string> = new Set([
  'editor',
  'pager',
  'awk',
  'nawk',
  'vi',
  'vim',
  'view',
  'ex',
  'rview',
  'rvim',
  'vimdiff',
  'cc',
  'c++',
  'c89',
  'c99',
  'cpp',
  'ctags',
  'etags',
  'java',
  'javac',
  'jar',
  'jshell',
  'jrunscript',
  'mt',
  'rmt',
  'lzma',
  'unlzma',
  'lzcat',
  'nodejs',
  'open',
  'pinentry',
  'x-www-browser',
  'www-browser',
  'gnome-www-browser',
  'x-terminal-emulator',
  'which',
  'fakeroot',
  'mvn',
  'rsh',
  'rlogin',
  'rcp',
  'telnet',
  'ftp',
  'nc',
  'netcat',
  'pico',
  'sar',
]);

/** Whether a command's name or a rule's program is one a machine chooses (see {@link CHOSEN_NAMES}). */
export function isChosenName(name: string): boolean {
  return CHOSEN_NAMES.has(name.slice(name.lastIndexOf('/') + 1));
}

/**
 * git's global options, the ones before the subcommand (`git [options] <command>`), in one
 * table: which take the next word as their value. git(1), git 2.39 (`--attr-source` 2.40).
 * `--exec-path` takes a value only after `=` (alone it prints the path and exits), but the
 * callers below read it as taking the next word, which keeps a command that would only print
 * the path judged as the subcommand after it.
 */

/** Global options that take the next word (or `=value`) as their value. @internal */
export const GIT_GLOBAL_WITH_VALUE: ReadonlySet<string> = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--exec-path',
  '--super-prefix',
  '--config-env',
  '--list-cmds',
  '--attr-source',
]);

/** Global options that take no value. @internal */
export const GIT_GLOBAL_FLAGS: ReadonlySet<string> = new Set([
  '-p',
  '-P',
  '--paginate',
  '--no-pager',
  '--bare',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
  '--no-lazy-fetch',
  '--no-advice',
  '--html-path',
  '--man-path',
  '--info-path',
]);

/**
 * Global options that leave a read-only subcommand read-only (git(1)): `-P`/`--no-pager` only
 * keep git from starting its pager, a program it would otherwise run on a terminal;
 * `--no-optional-locks` keeps `git status` from refreshing and writing the index;
 * `--literal-pathspecs` takes pathspecs as written (no glob or magic); `--no-replace-objects`
 * reads objects without the `refs/replace/` substitutes. None names a file, a directory, a
 * program or configuration (`-c`, `-C`, `--git-dir`, `--exec-path`, `-p`/`--paginate` do).
 * @internal
 */
export const GIT_GLOBAL_READ_ONLY: ReadonlySet<string> = new Set([
  '--no-pager',
  '-P',
  '--no-optional-locks',
  '--literal-pathspecs',
  '--no-replace-objects',
]);

/**
 * `git` argv with its global options removed (`git -C . push` is `git push` to a rule), or
 * `undefined` when it has none. An option not in the table ends the walk.
 * @internal
 */
export function withoutGitGlobalOptions(
  argv: readonly string[],
  withValue: ReadonlySet<string> = GIT_GLOBAL_WITH_VALUE,
): string[] | undefined {
  let i = 1;
  while (i < argv.length) {
    const a = argv[i]!;
    if (GIT_GLOBAL_FLAGS.has(a)) i += 1;
    else if (withValue.has(a)) i += 2;
    else if (a.startsWith('--') && withValue.has(a.split('=')[0] ?? '')) i += 1;
    else if (/^-c.+/.test(a) || /^-C.+/.test(a)) i += 1;
    else break;
  }
  return i > 1 ? ['git', ...argv.slice(i)] : undefined;
}

/**
 * Whether git's global options turn its pager off: `-P`/`--no-pager` after any `-p`/`--paginate`
 * (the last one given wins; git 2.39.5 under `script`: `git -P -p log` pages, `git -p -P log` does
 * not). A `!` alias then runs with `GIT_PAGER=cat` (git.c `commit_pager_choice`), so nothing it
 * starts pages either. @internal
 */
export function gitPagerOff(argv: readonly string[]): boolean {
  let off = false;
  let i = 1;
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '-P' || a === '--no-pager') off = true;
    else if (a === '-p' || a === '--paginate') off = false;
    if (GIT_GLOBAL_FLAGS.has(a)) i += 1;
    else if (GIT_GLOBAL_WITH_VALUE.has(a)) i += 2;
    else if (a.startsWith('--') && GIT_GLOBAL_WITH_VALUE.has(a.split('=')[0] ?? '')) i += 1;
    else if (/^-c.+/.test(a) || /^-C.+/.test(a)) i += 1;
    else break;
  }
  return off;
}

/**
 * Environment variables whose value names where programs load code or configuration from: a
 * search path of modules or libraries (`PYTHONPATH`, `NODE_PATH`, `LD_LIBRARY_PATH`), a folder of
 * configuration and plugins (`DOCKER_CONFIG`, `CARGO_HOME`), a configuration or startup file
 * (`GIT_CONFIG_GLOBAL`, `BASH_ENV`). When the user's exported environment (the context's
 * environment facts) names a place, a file written there changes what a later program runs — as
 * a file written into a `PATH` directory does (`path-lookup.ts`): `PYTHONPATH=$PWD/src` makes
 * `src/re.py` the `re` module every Python program imports (pip ran it, red team 20 R20-5).
 * Not here: `PATH` (path-lookup.ts), `XDG_CONFIG_HOME` (every protected `.config/…` name is
 * protected under it as well: pipeline's protected paths).
 * Allowlist in reverse: a variable listed here is one whose named place is protected.
 */

/** How a variable's value names places: a `:`-separated list, one directory, one file, or a list of files. */
export type LoaderValueShape = 'dirs' | 'dir' | 'file' | 'files';

export interface LoaderVariable {
  shape: LoaderValueShape;
  /** What loads from there, as the reason's second half: "<subject> <what>". */
  what: string;
  /**
   * Only the names at the place's top level are looked up by other programs (Python: `import re`
   * finds `re.py`, `re/__init__.py` or `re.*.so` in the first entry holding one; a module inside the
   * project's package `src/app/x.py` is imported only through `app`, the project's own code). Writes
   * deeper than a package's `__init__` then change nothing a program not of the project loads.
   */
  topLevelOnly?: boolean;
}

/** The variables, with what each names (the programs' own manuals). */
export const LOADER_VARIABLES: ReadonlyMap<string, LoaderVariable> = new Map<string, LoaderVariable>([
  ['PYTHONPATH', { shape: 'dirs', what: 'where Python imports modules from, before the standard library', topLevelOnly: true }],
  ['PYTHONSTARTUP', { shape: 'file', what: 'a file interactive Python runs at start' }],
  ['PYTHONUSERBASE', { shape: 'dir', what: "Python's user site-packages, whose modules and .pth files every Python program loads" }],
  ['PYTHONHOME', { shape: 'dir', what: "Python's standard library" }],
  ['NODE_PATH', { shape: 'dirs', what: 'where Node looks for modules it requires' }],
  ['PERL5LIB', { shape: 'dirs', what: 'where Perl looks for modules first' }],
  ['PERLLIB', { shape: 'dirs', what: 'where Perl looks for modules first' }],
  ['RUBYLIB', { shape: 'dirs', what: 'where Ruby looks for libraries first' }],
  ['GEM_HOME', { shape: 'dir', what: 'where RubyGems installs gems and their programs' }],
  ['GEM_PATH', { shape: 'dirs', what: 'where RubyGems finds gems' }],
  ['CLASSPATH', { shape: 'dirs', what: 'where Java loads classes from' }],
  ['LD_LIBRARY_PATH', { shape: 'dirs', what: 'where the dynamic linker finds shared libraries for every program' }],
  ['LD_PRELOAD', { shape: 'files', what: 'shared libraries loaded into every program' }],
  ['DOCKER_CONFIG', { shape: 'dir', what: "docker's configuration and cli-plugins (docker --help runs every plugin)" }],
  ['KUBECONFIG', { shape: 'files', what: "kubectl's configuration (exec credential plugins run programs)" }],
  ['GIT_CONFIG_GLOBAL', { shape: 'file', what: "git's global configuration (aliases, core.fsmonitor and hooks run programs)" }],
  ['GIT_CONFIG_SYSTEM', { shape: 'file', what: "git's system configuration (aliases, core.fsmonitor and hooks run programs)" }],
  ['PIP_CONFIG_FILE', { shape: 'file', what: "pip's configuration" }],
  ['NPM_CONFIG_USERCONFIG', { shape: 'file', what: "npm's user configuration (scripts' shell, node-options)" }],
  ['NPM_CONFIG_GLOBALCONFIG', { shape: 'file', what: "npm's global configuration (scripts' shell, node-options)" }],
  ['CARGO_HOME', { shape: 'dir', what: "cargo's configuration and installed programs" }],
  ['RUSTUP_HOME', { shape: 'dir', what: "rustup's toolchains, which cargo and rustc run" }],
  ['BASH_ENV', { shape: 'file', what: 'a file every non-interactive bash runs at start' }],
  ['ENV', { shape: 'file', what: 'a file sh runs at start' }],
  ['ZDOTDIR', { shape: 'dir', what: 'where zsh reads .zshenv, which every zsh runs at start' }],
  ['GOENV', { shape: 'file', what: "go's configuration (GOFLAGS, GOTOOLCHAIN)" }],
  ['RIPGREP_CONFIG_PATH', { shape: 'file', what: "ripgrep's options (--pre runs a program)" }],
]);

/**
 * The places `value` of a variable of `shape` names, as written. An empty entry of a search path
 * is the working directory to Python and the dynamic linker; it is dropped here, as protecting
 * every write in the project for a stray `:` (`PYTHONPATH=$PYTHONPATH:/x`) would ask for all of them.
 */
export function loaderPlaces(shape: LoaderValueShape, value: string): string[] {
  const parts = shape === 'dirs' ? value.split(':') : shape === 'files' ? value.split(/[:\s]+/) : [value];
  return parts.filter((p) => p !== '');
}

/** Whether a path `rel` below a place (its `/`-separated segments) is one a program not of the project may load. */
export function loadedBelow(v: LoaderVariable, rel: readonly string[]): boolean {
  if (v.topLevelOnly !== true) return true;
  return rel.length <= 1 || (rel.length === 2 && rel[1]!.startsWith('__init__.'));
}

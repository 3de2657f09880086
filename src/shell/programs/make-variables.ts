/**
 * What GNU make does with its variables (GNU make 4.3, `make -p -f /dev/null`): which it runs as
 * programs, which it hands programs as options, which it only reads as data. make takes every
 * inherited variable as one of its own (the environment's `CC`, `CFLAGS`, even `LINK.c` given by
 * `env`), and every assignment in MAKEFLAGS or an `--eval` text; its built-in rules and the
 * project's recipes expand them into command lines. A pure table with no imports of code: the
 * one table of program variables (`program-variables.ts`) and MAKEFLAGS's reader
 * (`loader-variables.ts`) read it.
 */

/**
 * The variables make's built-in rules run as programs (`CC=~/bin/x.sh make hello`, `CXX=…` for a
 * .cc, `AS=…` for a .s ran it), and configure scripts and Makefiles that link run `LD`. `SHELL` is
 * not here: make takes no SHELL from the environment (GNU make manual, "Choosing the Shell"), only
 * from a makefile, the command line and MAKEFLAGS.
 */
export const MAKE_PROGRAMS = ['CC', 'CXX', 'CPP', 'AS', 'AR', 'LD', 'FC', 'F77', 'LEX', 'YACC'] as const;

/**
 * make's other program variables: the built-in rules' for Objective-C, Pascal, Modula-2, lint,
 * Texinfo, TeX, web and RCS/SCCS (`OBJC=~/bin/x.sh make m.o` with m.m ran it), and those Makefiles'
 * own rules run (`RM=~/bin/x.sh make clean` ran it for `$(RM) x.o`, `MAKE=…` for `$(MAKE) -f …`).
 */
export const MAKE_OTHER_PROGRAMS = ['OBJC', 'PC', 'M2C', 'LINT', 'RM', 'MAKE', 'MAKEINFO', 'TEX', 'TEXI2DVI', 'WEAVE', 'CWEAVE', 'TANGLE', 'CTANGLE', 'CO', 'GET'] as const;

/**
 * The command lines the built-in rules run, each a program with its options (`LINK.c = $(CC)
 * $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)`): `MAKEFLAGS=LINK.c=~/bin/x.sh make hello` ran
 * x.sh (`x.sh hello.c -o hello`), `COMPILE.c=…` for hello.o likewise, as did `env LINK.c=… make hello`.
 */
export const MAKE_COMMAND_LINES = [
  'COMPILE.C',
  'COMPILE.F',
  'COMPILE.S',
  'COMPILE.c',
  'COMPILE.cc',
  'COMPILE.cpp',
  'COMPILE.def',
  'COMPILE.f',
  'COMPILE.m',
  'COMPILE.mod',
  'COMPILE.p',
  'COMPILE.r',
  'COMPILE.s',
  'LEX.l',
  'LEX.m',
  'LINK.C',
  'LINK.F',
  'LINK.S',
  'LINK.c',
  'LINK.cc',
  'LINK.cpp',
  'LINK.f',
  'LINK.m',
  'LINK.o',
  'LINK.p',
  'LINK.r',
  'LINK.s',
  'LINT.c',
  'PREPROCESS.F',
  'PREPROCESS.S',
  'PREPROCESS.r',
  'YACC.m',
  'YACC.y',
] as const;

/**
 * The options the built-in rules give a compiler driver (cc, c++, f77 are gcc's; `COMPILE.c =
 * $(CC) $(CFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c`, `LINK.o = $(CC) $(LDFLAGS) $(TARGET_ARCH)`,
 * `$(LDLIBS)` after the objects, `$(OUTPUT_OPTION)` after the source), read with the driver's
 * model (`compiler-driver.ts`): gcc 12 under `make hello` ran `-wrapper ~/bin/x.sh` from each of
 * CFLAGS, CPPFLAGS, LDFLAGS, LDLIBS, TARGET_ARCH (inherited, or in MAKEFLAGS), and OUTPUT_OPTION
 * for hello.o. configure scripts and most Makefiles hand CFLAGS, CXXFLAGS and LDFLAGS on too.
 */
export const MAKE_DRIVER_FLAGS = [
  'CFLAGS',
  'CXXFLAGS',
  'CPPFLAGS',
  'LDFLAGS',
  'LDLIBS',
  'TARGET_ARCH',
  'TARGET_MACH',
  'OUTPUT_OPTION',
  'ASFLAGS',
  'FFLAGS',
  'F77FLAGS',
  'OBJCFLAGS',
  'RFLAGS',
] as const;

/**
 * The words make puts between the recipes' shell and each line (`$(SHELL) $(.SHELLFLAGS) LINE`),
 * split at blanks: `.SHELLFLAGS=-e\ -c` ran `/bin/sh -e -c LINE`, and `.SHELLFLAGS=~/bin/x.sh`
 * (in MAKEFLAGS, or inherited through `env`) ran `sh ~/bin/x.sh LINE`, x.sh as sh's script.
 */
export const MAKE_SHELL_FLAGS = '.SHELLFLAGS';

/**
 * make's own variables it reads only as data: what it reports (`MAKE_VERSION`, `.FEATURES`),
 * where it is (`CURDIR`, `MAKELEVEL`), the suffixes and library patterns it matches names by, and
 * the goal a bare `make` builds (one of the project's own rules, which run in any case). An
 * assignment to one in MAKEFLAGS names nothing; every other name is read as what it may run
 * (a project's recipes may expand any variable into a command line).
 */
export const MAKE_DATA: ReadonlySet<string> = new Set([
  '.DEFAULT_GOAL',
  '.FEATURES',
  '.LIBPATTERNS',
  '.LOADED',
  '.RECIPEPREFIX',
  '.VARIABLES',
  'CURDIR',
  'MAKEFILE_LIST',
  'MAKELEVEL',
  'MAKE_HOST',
  'MAKE_VERSION',
  'MAKE_TERMOUT',
  'MAKE_TERMERR',
  'SUFFIXES',
]);

/** The variable of the shell make runs each recipe line with (`$(SHELL) $(.SHELLFLAGS) LINE`). */
export const MAKE_SHELL = 'SHELL';

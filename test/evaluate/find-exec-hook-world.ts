/**
 * Red team 26 C7's world, plain data (no toolgate module, so a test with a module graph of its own
 * imports it before loading toolgate): the pre-commit hook runs `scripts/x.sh` through
 * `find … -exec sh {} \;`, outside the fast lexer's subset.
 */
export const P = '/home/user/project';

/** The project's permissions: `git commit` allowed, `rm` denied. */
export const HOOK_PERMISSIONS = { permissions: { allow: ['Bash(git commit:*)'], deny: ['Bash(rm *)'] } };

/** The repository and the script its pre-commit hook runs. */
export const FIND_EXEC_HOOK_TREE = {
  [`${P}/README.md`]: 'hello\n',
  [`${P}/.git/HEAD`]: 'ref: refs/heads/main\n',
  [`${P}/.git/config`]: '[core]\n\trepositoryformatversion = 0\n\tbare = false\n',
  [`${P}/.git/refs/heads`]: { directory: true as const },
  [`${P}/.git/objects`]: { directory: true as const },
  [`${P}/.git/hooks/pre-commit`]: { content: "#!/bin/sh\nfind scripts -name 'x.sh' -exec sh {} \\;\n", mode: 0o755 },
  [`${P}/scripts/x.sh`]: 'true\n',
};

import { describe, expect, it } from 'vitest';
import { capsh } from '../../../src/shell/programs/capsh.js';
import { gpg, openssl, sshAdd, sshKeygen } from '../../../src/shell/programs/library-loaders.js';
import { ssh } from '../../../src/shell/programs/ssh.js';
import type { ProgramModel } from '../../../src/shell/programs/model.js';

/** What a model's unwrap facet gives for a command of literal words: each opaque reason, or the kind. */
const runs = (model: ProgramModel, command: string, literal?: boolean[]): string[] => {
  const argv = command.split(' ');
  return (model.unwrap!(argv, literal ?? argv.map(() => true))?.inner ?? []).map((u) =>
    u.kind === 'opaque' ? u.reason : u.kind === 'text' ? `text: ${u.script}` : u.kind,
  );
};

describe('options that load a library or start a program (red team 19, R19-10)', () => {
  it.each([
    [openssl, 'openssl rand -engine ./evil.so 1', 'openssl -engine ./evil.so loads the shared library ./evil.so, whose code runs in openssl'],
    [openssl, 'openssl x509 -engine d/e.so -noout', 'openssl -engine d/e.so loads the shared library d/e.so, whose code runs in openssl'],
    [openssl, 'openssl rand -provider-path . -provider evil 1', 'openssl -provider-path . loads its providers from ., code toolgate cannot see'],
    [openssl, 'openssl req -config ./cfg -new', 'openssl -config ./cfg reads the configuration file ./cfg, whose engines and providers load shared libraries'],
    [sshKeygen, 'ssh-keygen -D ./evil.so', 'ssh-keygen -D ./evil.so loads the shared library ./evil.so, whose code runs in ssh-keygen'],
    [sshKeygen, 'ssh-keygen -lD./p.so', 'ssh-keygen -D ./p.so loads the shared library ./p.so, whose code runs in ssh-keygen'],
    [sshKeygen, 'ssh-keygen -t ecdsa-sk -w ./sk.so -f k', 'ssh-keygen -w ./sk.so loads the shared library ./sk.so, whose code runs in ssh-keygen'],
    [sshAdd, 'ssh-add -s ./p.so', 'ssh-add -s ./p.so asks ssh-agent to load the shared library ./p.so'],
    [gpg, 'gpg --agent-program ./evil --card-status', 'gpg --agent-program ./evil starts ./evil as its gpg-agent, code toolgate cannot see'],
    [gpg, 'gpg --agent-prog=./evil --card-status', 'gpg --agent-program ./evil starts ./evil as its gpg-agent, code toolgate cannot see'],
    [gpg, 'gpg --homedir ./h --card-status', 'gpg --homedir ./h reads ./h/gpg.conf, whose agent-program or dirmngr-program may name a program gpg starts'],
    [ssh, 'ssh -I ./p.so host', 'ssh -I loads the shared library ./p.so into ssh, code toolgate cannot see'],
    [ssh, 'ssh -o PKCS11Provider=./p.so host', 'ssh -o PKCS11Provider loads the shared library ./p.so into ssh, code toolgate cannot see'],
    [ssh, 'ssh -o SecurityKeyProvider=./sk.so host', 'ssh -o SecurityKeyProvider loads the shared library ./sk.so into ssh, code toolgate cannot see'],
  ] as const)('%#: %s', (model, command, reason) => {
    expect(runs(model, command)).toEqual([reason]);
  });

  it.each([
    [openssl, 'openssl rand -hex 16'],
    [openssl, 'openssl x509 -engine rdrand -noout -in c.pem'],
    [openssl, 'openssl req -new -key k.pem -out r.csr'],
    [sshKeygen, 'ssh-keygen -t ed25519 -f k'],
    [sshKeygen, 'ssh-keygen -lf k.pub'],
    [sshAdd, 'ssh-add -l'],
    [gpg, 'gpg --list-keys'],
    [gpg, 'gpg --armor --export me'],
    [ssh, 'ssh -o PKCS11Provider=none host'],
  ] as const)('%#: %s loads nothing', (model, command) => {
    expect(runs(model, command)).toEqual([]);
  });

  it('a library ssh is given by a word that is not literal is opaque', () => {
    expect(runs(ssh, 'ssh -o PKCS11Provider=$L host', [true, true, false, true])).toEqual([
      'ssh -o is given an option that is not literal: PKCS11Provider=$L',
    ]);
  });
});

describe('capsh: a shell runner', () => {
  it.each([
    ['capsh -- -c ./evil', ["text: '/bin/bash' '-c' './evil'"]],
    ['capsh --drop=cap_net_raw -- ./x.sh', ["text: '/bin/bash' './x.sh'"]],
    ['capsh --shell=./evil --', ["text: './evil'"]],
    ['capsh --shell=bash --', ["text: './bash'"]],
    ['capsh == -- -c ls', ["text: '/bin/bash' '-c' 'ls'"]],
    ['capsh --chroot=./r -- -c ls', ['capsh --chroot=./r runs its shell /bin/bash from inside ./r']],
    ['capsh --print', []],
    ['capsh x', ['unknown']],
  ])('%s', (command, inner) => {
    expect(runs(capsh, command)).toEqual(inner);
  });
});

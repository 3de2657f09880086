import { describe, expect, it } from 'vitest';
import { capsh } from '../../../src/shell/programs/capsh.js';
import { sshAdd, sshKeygen } from '../../../src/shell/programs/library-loaders.js';
import { openssl } from '../../../src/shell/programs/openssl.js';
import { gpg, gpgsm, gpgtar, scdaemon } from '../../../src/shell/programs/gnupg.js';
import { gpgConnectAgent } from '../../../src/shell/programs/gpg-connect-agent.js';
import { gpgAgent } from '../../../src/shell/programs/key-agents.js';
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
    [
      openssl,
      'openssl rand -engine ./evil.so 1',
      'openssl -engine ./evil.so loads the shared library ./evil.so, whose code runs in openssl',
    ],
    [openssl, 'openssl x509 -engine d/e.so -noout', 'openssl -engine d/e.so loads the shared library d/e.so, whose code runs in openssl'],
    [
      openssl,
      'openssl rand -provider-path . -provider evil 1',
      'openssl -provider-path . loads its providers from ., code toolgate cannot see',
    ],
    [
      openssl,
      'openssl req -config ./cfg -new',
      'openssl -config ./cfg reads the configuration file ./cfg, whose engines and providers load shared libraries',
    ],
    // OpenSSL reads -NAME, --NAME, -NAME=VALUE and --NAME=VALUE alike (replay of red team 19, NEW-5).
    [
      openssl,
      'openssl rand -engine=./evil.so 1',
      'openssl -engine ./evil.so loads the shared library ./evil.so, whose code runs in openssl',
    ],
    [
      openssl,
      'openssl rand --engine ./evil.so 1',
      'openssl -engine ./evil.so loads the shared library ./evil.so, whose code runs in openssl',
    ],
    [
      openssl,
      'openssl rand --engine=./evil.so 1',
      'openssl -engine ./evil.so loads the shared library ./evil.so, whose code runs in openssl',
    ],
    [
      openssl,
      'openssl req -keygen_engine ./evil.so -new',
      'openssl -keygen_engine ./evil.so loads the shared library ./evil.so, whose code runs in openssl',
    ],
    [
      openssl,
      'openssl s_client -ssl_client_engine ./evil.so -connect h:1',
      'openssl -ssl_client_engine ./evil.so loads the shared library ./evil.so, whose code runs in openssl',
    ],
    [
      openssl,
      'openssl req --config=./cfg -new',
      'openssl -config ./cfg reads the configuration file ./cfg, whose engines and providers load shared libraries',
    ],
    [
      openssl,
      'openssl ca --config ./cfg',
      'openssl -config ./cfg reads the configuration file ./cfg, whose engines and providers load shared libraries',
    ],
    [openssl, 'openssl rand --provider-path=. 1', 'openssl -provider-path . loads its providers from ., code toolgate cannot see'],
    [
      openssl,
      'openssl rand -provider=/p/e.so 1',
      'openssl -provider /p/e.so loads the provider module /p/e.so, whose code runs in openssl',
    ],
    [
      openssl,
      'openssl fipsinstall -module ./m/fips.so -out f.cnf',
      'openssl -module ./m/fips.so names the provider module fipsinstall checks, and it loads the provider from that folder',
    ],
    [
      openssl,
      'openssl engine --pre=SO_PATH:./e.so dynamic',
      'openssl engine -pre SO_PATH:./e.so sends an engine a control command that may load a shared library (SO_PATH)',
    ],
    [openssl, 'openssl engine ./e.so', 'openssl engine ./e.so loads the shared library ./e.so, whose code runs in openssl'],
    [sshKeygen, 'ssh-keygen -D ./evil.so', 'ssh-keygen -D ./evil.so loads the shared library ./evil.so, whose code runs in ssh-keygen'],
    [sshKeygen, 'ssh-keygen -lD./p.so', 'ssh-keygen -D ./p.so loads the shared library ./p.so, whose code runs in ssh-keygen'],
    [
      sshKeygen,
      'ssh-keygen -t ecdsa-sk -w ./sk.so -f k',
      'ssh-keygen -w ./sk.so loads the shared library ./sk.so, whose code runs in ssh-keygen',
    ],
    [sshAdd, 'ssh-add -s ./p.so', 'ssh-add -s ./p.so asks ssh-agent to load the shared library ./p.so'],
    [
      gpg,
      'gpg --agent-program ./evil --card-status',
      'gpg --agent-program ./evil starts ./evil as its gpg-agent, code toolgate cannot see',
    ],
    [gpg, 'gpg --agent-prog=./evil --card-status', 'gpg --agent-program ./evil starts ./evil as its gpg-agent, code toolgate cannot see'],
    [
      gpg,
      'gpg --homedir ./h --card-status',
      'gpg --homedir ./h uses ./h as its GnuPG home, whose configuration files may name programs it starts',
    ],
    // Every GnuPG tool reads its program options from one table, abbreviated as gpgrt argparse takes them (NEW-7).
    [gpg, 'gpg --ag ./evil --card-status', 'gpg --agent-program ./evil starts ./evil as its gpg-agent, code toolgate cannot see'],
    [
      gpg,
      'gpg --exec-path ./bin --list-options show-photos -k',
      'gpg --exec-path ./bin looks for the photo viewer it runs in ./bin, code toolgate cannot see',
    ],
    [
      gpgsm,
      'gpgsm --agent-program ./evil --learn-card',
      'gpgsm --agent-program ./evil starts ./evil as its gpg-agent, code toolgate cannot see',
    ],
    [
      gpgsm,
      'gpgsm --protect-tool-program=./p --import k.p12',
      'gpgsm --protect-tool-program ./p starts ./p as its protect tool, code toolgate cannot see',
    ],
    [gpgtar, 'gpgtar --gpg ./evil --list-archive a', 'gpgtar --gpg ./evil runs ./evil as gpg, code toolgate cannot see'],
    [
      gpgtar,
      'gpgtar --gpg-args --agent-program=./evil -d a',
      'gpgtar --gpg-args --agent-program=./evil hands gpg the options --agent-program=./evil, which may name programs gpg starts',
    ],
    [
      scdaemon,
      'scdaemon --pcsc-driver ./p.so --daemon',
      'scdaemon --pcsc-driver ./p.so loads the shared library ./p.so as its PC/SC driver, code toolgate cannot see',
    ],
    [
      gpgConnectAgent,
      'gpg-connect-agent --agent-program ./evil /bye',
      'gpg-connect-agent --agent-program ./evil starts ./evil as its gpg-agent, code toolgate cannot see',
    ],
    [
      gpgConnectAgent,
      'gpg-connect-agent --dirmngr --dirmngr-program ./evil /bye',
      'gpg-connect-agent --dirmngr-program ./evil starts ./evil as its dirmngr, code toolgate cannot see',
    ],
    [
      gpgConnectAgent,
      'gpg-connect-agent /definqprog GENKEY /bye',
      'gpg-connect-agent runs the command /definqprog, which toolgate does not read (its /definqprog runs programs)',
    ],
    [
      gpgConnectAgent,
      'gpg-connect-agent --run s /bye',
      'gpg-connect-agent --run s runs the commands of that file, which may run programs (/definqprog)',
    ],
    [
      gpgConnectAgent,
      'gpg-connect-agent reloadagent',
      'gpg-connect-agent reads more commands from its input (no /bye), which may run programs (/definqprog)',
    ],
    [
      gpgAgent,
      'gpg-agent --pinentry-program ./p',
      'gpg-agent --pinentry-program ./p starts ./p to ask for passphrases, code toolgate cannot see',
    ],
    [ssh, 'ssh -I ./p.so host', 'ssh -I loads the shared library ./p.so into ssh, code toolgate cannot see'],
    [ssh, 'ssh -o PKCS11Provider=./p.so host', 'ssh -o PKCS11Provider loads the shared library ./p.so into ssh, code toolgate cannot see'],
    [
      ssh,
      'ssh -o SecurityKeyProvider=./sk.so host',
      'ssh -o SecurityKeyProvider loads the shared library ./sk.so into ssh, code toolgate cannot see',
    ],
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
    [gpg, 'gpg --verify x.sig'],
    [openssl, 'openssl req -new -newkey rsa:2048 -nodes -keyout k.pem -out r.csr -subj /CN=x'],
    [openssl, 'openssl dgst -sha256 f'],
    [openssl, 'openssl rand -engine=rdrand 1'],
    [gpgConnectAgent, 'gpg-connect-agent reloadagent /bye'],
    [gpgConnectAgent, 'gpg-connect-agent --dirmngr getinfo /bye'],
    [gpgConnectAgent, 'gpg-connect-agent updatestartuptty /bye'],
    [gpgsm, 'gpgsm --list-keys'],
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

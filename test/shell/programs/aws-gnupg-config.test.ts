import { describe, expect, it } from 'vitest';
import { awsConfigFiles, harmlessAwsConfig } from '../../../src/shell/programs/aws-config.js';
import { gnupgConfigFiles, harmlessGnupgConf } from '../../../src/shell/programs/gnupg-config.js';

const vars = (v: Record<string, string | null>) => (name: string) => v[name];

describe('the AWS CLI files the environment names', () => {
  it('reads AWS_CONFIG_FILE and AWS_SHARED_CREDENTIALS_FILE, not the default ~/.aws files', () => {
    expect(awsConfigFiles(['aws', 's3', 'ls'], vars({}), '/h')).toBeUndefined();
    expect(awsConfigFiles(['aws'], vars({ AWS_CONFIG_FILE: '/p/awscfg', AWS_SHARED_CREDENTIALS_FILE: '~/c' }), '/h')).toMatchObject({
      files: ['/p/awscfg', '/h/c'],
    });
    expect(awsConfigFiles(['aws'], vars({ AWS_CONFIG_FILE: 'awscfg' }), '/h')).toHaveProperty('unknown');
  });
  it('a credential_process, a [plugins] section, cli_pager or an unknown key is not harmless', () => {
    expect(
      harmlessAwsConfig('[default]\nregion = eu-west-1\noutput=json\n# c\n[profile x]\nrole_arn = a\nsource_profile = default\n'),
    ).toBe(true);
    expect(harmlessAwsConfig('[default]\ns3 =\n  max_concurrent_requests = 20\n')).toBe(true);
    expect(harmlessAwsConfig('[default]\ncredential_process = sh -c "rm -f README.md"\n')).toBe(false);
    expect(harmlessAwsConfig('[default]\nCredential_Process: x\n')).toBe(false);
    expect(harmlessAwsConfig('[plugins]\nfoo = evilmod\n')).toBe(false);
    expect(harmlessAwsConfig('[default]\ncli_pager = less\n')).toBe(false);
    expect(harmlessAwsConfig('[default]\nweb_identity_token_file = .env\n')).toBe(false);
    expect(harmlessAwsConfig('[default]\ncredential_process\n')).toBe(false);
  });
});

describe('the GnuPG home the environment names', () => {
  it('reads the configuration files of the home, versioned names too; --homedir or no GNUPGHOME reads none', () => {
    const c = gnupgConfigFiles(['gpg', '--card-status'], vars({ GNUPGHOME: '/p/gh/' }), '/h');
    expect(c).toMatchObject({ files: ['/p/gh'] });
    const entries = c !== undefined && 'folderEntries' in c ? c.folderEntries! : () => false;
    expect(entries('gpg.conf')).toBe(true);
    expect(entries('gpg-agent.conf')).toBe(true);
    expect(entries('gpg.conf-2.2.40')).toBe(true);
    expect(entries('pubring.kbx')).toBe(false);
    expect(gnupgConfigFiles(['gpg', '--homedir', '/x', '-k'], vars({ GNUPGHOME: '/p/gh' }), '/h')).toBeUndefined();
    expect(gnupgConfigFiles(['gpg', '-k'], vars({}), '/h')).toBeUndefined();
    expect(gnupgConfigFiles(['gpg', '-k'], vars({ GNUPGHOME: 'gh' }), '/h')).toHaveProperty('unknown');
  });
  it('a program, library or file option is not harmless', () => {
    expect(harmlessGnupgConf('# keys\nkeyserver hkps://keys.openpgp.org\nkeyid-format 0xlong\nuse-agent\n')).toBe(true);
    expect(harmlessGnupgConf('default-cache-ttl 600\nenable-ssh-support\n')).toBe(true);
    expect(harmlessGnupgConf('agent-program /p/ev\n')).toBe(false);
    expect(harmlessGnupgConf('pinentry-program /p/ev\n')).toBe(false);
    expect(harmlessGnupgConf('log-file /p/.claude/settings.json\n')).toBe(false);
    expect(harmlessGnupgConf('[ignore]\n')).toBe(false);
  });
});

/**
 * The AWS CLI's configuration files named by the variables the user's environment exports:
 * `AWS_CONFIG_FILE` and `AWS_SHARED_CREDENTIALS_FILE` (AWS CLI user guide, "Environment variables
 * to configure the AWS CLI"). A profile's `credential_process` in either is a program aws runs to
 * get credentials, and the config file's `[plugins]` section names Python modules it imports — on
 * every call, `aws sts get-caller-identity` and `aws configure list` too (verified with AWS CLI
 * 1.45 on Debian 12, replay of red team 20 NEW-R6: a credential_process of each file removed
 * README.md and wrote a marker; `[plugins] foo = evilmod` ran evilmod.py). Version 2 adds
 * `cli_pager`, a program it pipes its output to ("Using the pager").
 *
 * The default files (`~/.aws/config`, `~/.aws/credentials`) are not read here: `~/.aws` is a
 * protected path the agent cannot write unasked, and what it holds is the user's own setup
 * (aws-vault's `credential_process` would make every aws call a protected ask). A file the
 * exported variable names may lie in the project, where the repository brought it.
 */
import type { ProgramConfigFiles } from './model.js';

/**
 * Settings (lower case: botocore's parser folds keys) that name no program, module or file to
 * read: the AWS CLI guide's "Supported config file settings" and "S3 configuration", without
 * `credential_process`, `cli_pager`, `web_identity_token_file` and `ca_bundle` (a file read, and
 * the token's sent to the endpoint).
 */
const HARMLESS: ReadonlySet<string> = new Set(
  (
    'aws_access_key_id aws_secret_access_key aws_session_token aws_account_id region output role_arn source_profile ' +
    'credential_source role_session_name external_id mfa_serial duration_seconds sso_session sso_start_url sso_region ' +
    'sso_account_id sso_role_name sso_registration_scopes cli_auto_prompt cli_binary_format cli_history ' +
    'cli_timestamp_format cli_follow_urlparam endpoint_url ignore_configure_endpoint_urls use_dualstack_endpoint ' +
    'use_fips_endpoint max_attempts retry_mode parameter_validation tcp_keepalive sts_regional_endpoints ' +
    'defaults_mode account_id_endpoint_mode request_checksum_calculation response_checksum_validation ' +
    'sigv4a_signing_region_set disable_request_compression request_min_compression_size_bytes sdk_ua_app_id ' +
    'auth_scheme_preference metadata_service_timeout metadata_service_num_attempts ec2_metadata_service_endpoint ' +
    'ec2_metadata_service_endpoint_mode ec2_metadata_v1_disabled s3 api_versions services ' +
    's3api dynamodb max_concurrent_requests max_queue_size multipart_threshold multipart_chunksize max_bandwidth ' +
    'use_accelerate_endpoint addressing_style payload_signing_enabled preferred_transfer_client target_bandwidth ' +
    'signature_version'
  ).split(' '),
);

/**
 * Whether an AWS configuration or credentials file sets only harmless settings: `[default]`,
 * `[profile …]`, `[sso-session …]`, `[services …]` sections (not `[plugins]`), comments, and keys
 * of the list; an indented line continues the value before it (a nested `s3 =` setting's).
 * @internal
 */
export function harmlessAwsConfig(text: string): boolean {
  let previous = true;
  return text.split(/\r?\n/).every((raw) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return true;
    if (/^\s/.test(raw)) return previous;
    if (line.startsWith('[')) return (previous = !/plugin/i.test(line));
    const set = /^([^=:]+?)\s*[=:]/.exec(line);
    previous = set !== null && HARMLESS.has(set[1]!.trim().toLowerCase());
    return previous;
  });
}

/**
 * The files an aws command reads that the environment's variables name, or why they cannot be
 * listed (a relative name); `undefined` when neither is set.
 * @internal
 */
export function awsConfigFiles(
  _argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  home: string,
): ProgramConfigFiles | { unknown: string } | undefined {
  const files: string[] = [];
  for (const name of ['AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE']) {
    // Not told counts as unset, as for curl's variables (decision 0071 addendum).
    const value = variable(name) ?? null;
    if (value === null || value === '') continue;
    const file = value.startsWith('~/') ? `${home.replace(/\/+$/, '')}${value.slice(1)}` : value;
    if (!file.startsWith('/')) return { unknown: `${name}=${value} names a file aws reads, relative to where it runs` };
    files.push(file);
  }
  return files.length > 0 ? { files, harmless: harmlessAwsConfig } : undefined;
}

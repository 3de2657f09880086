/**
 * `curl [options] URL…`: transfers URLs. Its options name files it reads (`-T`, `-K`, `--cert`,
 * `-d @FILE`, `-b FILE`) and writes (`-o`, `-c`, `-D`, `--trace`); a `file:` URL reads a local
 * file (`urls.ts`). curl(1) 8.x, everything.curl.dev.
 */
import type { GnuArgument, GnuOptionSpec } from '../../options/gnu-options.js';
import { longOptions } from '../grammar.js';
import { defineProgram } from '../model.js';
import { readBy } from '../parse.js';
import { curlConfigFiles } from './config.js';
import { curlFiles } from './files.js';

/**
 * Every long option of curl 7.88.1 (Debian 12's; src/tool_getparam.c's table) and of curl 8.x (the
 * table of curl 8.22's), a value-taking one with `=`: a union, so that no word either reads as an
 * option's value is read as a URL (`--help` takes a category as the next word in both).
 */
const CURL_LONG = longOptions(
  'abstract-unix-socket= alpn alt-svc= anyauth append aws-sigv4= basic buffer ca-native cacert= capath= ' +
    'cert= cert-status cert-type= ciphers= clobber compressed compressed-ssh config= connect-timeout= ' +
    'connect-to= continue-at= cookie= cookie-jar= create-dirs create-file-mode= crlf crlfile= curves= ' +
    'data= data-ascii= data-binary= data-raw= data-urlencode= delegation= digest disable disable-eprt ' +
    'disable-epsv disallow-username-in-url dns-interface= dns-ipv4-addr= dns-ipv6-addr= dns-servers= ' +
    'doh-cert-status doh-insecure doh-url= dump-ca-embed dump-header= ech= egd-file= engine= eprt epsv ' +
    'etag-compare= etag-save= expect100-timeout= fail fail-early fail-with-body false-start follow form= ' +
    'form-escape form-string= ftp-account= ftp-alternative-to-user= ftp-create-dirs ftp-method= ftp-pasv ' +
    'ftp-port= ftp-pret ftp-skip-pasv-ip ftp-ssl ftp-ssl-ccc ftp-ssl-ccc-mode= ftp-ssl-control ' +
    'ftp-ssl-reqd get globoff happy-eyeballs-timeout-ms= haproxy-clientip= haproxy-protocol head header= ' +
    'help= hostpubmd5= hostpubsha256= hsts= http0.9 http1.0 http1.1 http2 http2-prior-knowledge http3 ' +
    'http3-only httpsig-algo= httpsig-headers= httpsig-key= httpsig-keyid= ignore-content-length include ' +
    'insecure interface= ip-tos= ipfs-gateway= ipv4 ipv6 json= junk-session-cookies keepalive ' +
    'keepalive-cnt= keepalive-time= key= key-type= knownhosts= krb= krb4= libcurl= limit-rate= list-only ' +
    'local-port= location location-trusted login-options= mail-auth= mail-from= mail-rcpt= ' +
    'mail-rcpt-allowfails manual max-filesize= max-redirs= max-time= metalink mptcp negotiate netrc ' +
    'netrc-file= netrc-optional next noproxy= npn ntlm ntlm-wb oauth2-bearer= out-null output= ' +
    'output-dir= parallel parallel-immediate parallel-max= parallel-max-host= pass= path-as-is ' +
    'pinnedpubkey= post301 post302 post303 preproxy= progress-bar progress-meter proto= proto-default= ' +
    'proto-redir= proxy= proxy-anyauth proxy-basic proxy-ca-native proxy-cacert= proxy-capath= ' +
    'proxy-cert= proxy-cert-type= proxy-ciphers= proxy-crlfile= proxy-digest proxy-header= proxy-http2 ' +
    'proxy-http3 proxy-insecure proxy-key= proxy-key-type= proxy-negotiate proxy-ntlm proxy-pass= ' +
    'proxy-pinnedpubkey= proxy-service-name= proxy-ssl-allow-beast proxy-ssl-auto-client-cert ' +
    'proxy-tls13-ciphers= proxy-tlsauthtype= proxy-tlspassword= proxy-tlsuser= proxy-tlsv1 proxy-user= ' +
    'proxy1.0= proxytunnel pubkey= quote= random-file= range= rate= raw referer= remote-header-name ' +
    'remote-name remote-name-all remote-time remove-on-error request= request-target= resolve= retry= ' +
    'retry-all-errors retry-connrefused retry-delay= retry-max-time= sasl-authzid= sasl-ir service-name= ' +
    'sessionid show-error show-headers sigalgs= silent skip-existing socks4= socks4a= socks5= ' +
    'socks5-basic socks5-gssapi socks5-gssapi-nec socks5-gssapi-service= socks5-hostname= speed-limit= ' +
    'speed-time= ssl ssl-allow-beast ssl-auto-client-cert ssl-no-revoke ssl-reqd ssl-revoke-best-effort ' +
    'ssl-sessions= sslv2 sslv3 stderr= styled-output suppress-connect-headers tcp-fastopen tcp-nodelay ' +
    'telnet-option= test-duphandle test-event tftp-blksize= tftp-no-options time-cond= tls-earlydata ' +
    'tls-max= tls13-ciphers= tlsauthtype= tlspassword= tlsuser= tlsv1 tlsv1.0 tlsv1.1 tlsv1.2 tlsv1.3 ' +
    'tr-encoding trace= trace-ascii= trace-config= trace-ids trace-time unix-socket= upload-file= ' +
    'upload-flags= url= url-query= use-ascii user= user-agent= variable= verbose version vlan-priority= ' +
    'wdebug write-out= xattr',
);

/**
 * curl's grammar. 7.88 takes a unique prefix of a long name (8.x only the whole name) and `--no-NAME`
 * for a flag; 8.x also `--expand-NAME` for an option with a value (its value's `{{variables}}`
 * expanded). Short letters combine (`-sSL`), a value letter takes the rest of the word or the next.
 * curl reads no `--name=value` (an unknown option to it): read as the option with that value, which
 * errs toward the option. `-:` (`--next`) is not a letter a grammar can hold: refused, partly modelled.
 */
const grammar: GnuOptionSpec = {
  short: '#012346A:BC:D:E:F:GH:IJK:LMNOP:Q:RST:U:VX:Y:Zab:c:d:e:fgh:ijklm:no:pqr:st:u:vw:x:y:z:',
  long: {
    ...CURL_LONG,
    ...Object.fromEntries(
      Object.entries(CURL_LONG).flatMap(([name, argument]): [string, GnuArgument][] =>
        argument === 'none' ? (name.startsWith('no-') ? [] : [[`no-${name}`, 'none']]) : [[`expand-${name}`, argument]],
      ),
    ),
  },
};

/** The curl model. @internal */
export const curl = defineProgram({
  names: ['curl'],
  summary: 'curl: transfer URLs',
  sources: [
    'curl 7.88.1 curl(1), src/tool_getparam.c',
    'curl 8.x curl(1), src/tool_getparam.c',
    'everything.curl.dev › URLs, Config file',
    'curl tool_findfile.c (where .curlrc is looked for)',
  ],
  grammar,
  // curl runs no other program (its options name files and URLs, never commands).
  runs: 'nothing',
  passesOnData: true,
  // A word this grammar refuses (an unknown or ambiguous option, a missing value): another curl may take it.
  files: (_name, argv, literal) => readBy(argv, grammar, (words) => curlFiles(argv, words, literal)),
  // `~/.curlrc` and the like add options before the command line's (`upload-file = …`).
  configFiles: curlConfigFiles,
  examples: [
    { command: 'curl -o out.html https://example.com/', effects: ['write ./out.html'] },
    { command: 'curl -T notes.txt https://example.com/up', effects: ['read ./notes.txt'] },
    { command: 'curl -s file:///etc/hostname', effects: ['read /etc/hostname'], why: 'a file: URL reads the local file' },
    { command: 'curl -d @body.json https://example.com/', effects: ['read ./body.json'] },
  ],
});

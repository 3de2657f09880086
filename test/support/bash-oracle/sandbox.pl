#!/usr/bin/perl
# The bash oracle's sandbox. Runs as pid 1 of fresh namespaces, started as root by
#   unshare --mount --net --uts --ipc --pid --fork --kill-child=SIGKILL --mount-proc perl sandbox.pl ...
# (one process doing every mount by system call: an exec per mount costs milliseconds here).
#
# Arguments: RUN META STUBS TRACE(1|0) LIMIT_S NPROC FSIZE CWD SHELL COMMAND [NAME=VALUE ...]
#   SHELL  the shell that runs COMMAND with -c (/bin/bash, /bin/sh, /usr/bin/zsh).
#   NAME=VALUE  the user's environment on top of the fixed one (HOME, PATH, ...; these may override it).
#   RUN    the run's directory: top/ → /home, home/ → /home/user, work/ → /home/user/project,
#          opt/ → /opt, outside/ → /opt/outside, tmp/ → /tmp. Only these (and fresh, private tmpfs
#          at /dev/shm and /var/tmp) are writable; every other mount becomes read-only.
#   META   a root-only directory for the trace, stdout, stderr, exit code and timeout mark.
#   STUBS  stub programs, bound at /usr/local/bin; each program named in STUBS/.over that exists
#          in /usr/bin gets its stub bound over it, so /usr/bin/rm and /bin/rm are stubs too.
# The command runs through `setpriv` as uid/gid 65534 with no groups, no capabilities and no new
# privileges, under process, file-size and core limits, stdin from /dev/null, traced by strace
# (execve, clone, chdir, ...) when TRACE is 1. After LIMIT_S seconds every process of uid 65534
# in the namespace is killed. Exit 0 when the command ran (its own status is in META/rc); any
# other exit means the sandbox could not be made, and then nothing ran.
use strict;
use warnings;

my ($run, $meta, $stubs, $trace, $limit, $nproc, $fsize, $cwd, $shell, $command, @env) = @ARGV;
die "sandbox: expected at least 10 arguments\n" unless defined $command;
die "sandbox: the shell must be an absolute path\n" unless $shell =~ m{^/};

use constant {
  SYS_mount => 165, SYS_sethostname => 170, SYS_setrlimit => 160,
  MS_RDONLY => 1, MS_NOSUID => 2, MS_NODEV => 4, MS_NOEXEC => 8, MS_REMOUNT => 32,
  MS_NOATIME => 1024, MS_NODIRATIME => 2048, MS_BIND => 4096, MS_REC => 16384,
  MS_PRIVATE => 1 << 18, MS_RELATIME => 1 << 21,
  RLIMIT_FSIZE => 1, RLIMIT_CORE => 4, RLIMIT_NPROC => 6,
};

sub mnt {
  # syscall() wants writable scalars: copies, not the caller's (possibly constant) values.
  my ($src, $dst, $type, $flags, $data) = @_;
  $_ //= 0 for $type, $data;
  syscall(SYS_mount, $src, $dst, $type, $flags, $data) == 0 or die "sandbox: mount $dst: $!\n";
}
sub bind_mount { mnt($_[0], $_[1], 0, MS_BIND) }

mnt('none', '/', 0, MS_REC | MS_PRIVATE);
my $hostname = 'oracle';
syscall(SYS_sethostname, $hostname, length $hostname) == 0 or die "sandbox: sethostname: $!\n";

# META gets a mount of its own so it stays writable once / is read-only; its files are opened
# now, before /tmp (where META may live) is covered. They stay open across exec ($^F).
bind_mount($meta, $meta);
$^F = 255;
open(my $trace_fh, '>', "$meta/trace") or die "sandbox: $meta/trace: $!\n";
open(my $out_fh, '>', "$meta/stdout") or die "sandbox: $meta/stdout: $!\n";
open(my $err_fh, '>', "$meta/stderr") or die "sandbox: $meta/stderr: $!\n";
open(my $rc_fh, '>', "$meta/rc") or die "sandbox: $meta/rc: $!\n";
open(my $timeout_fh, '>', "$meta/timeout") or die "sandbox: $meta/timeout: $!\n";
$_->autoflush(1) for $rc_fh, $timeout_fh;

bind_mount($stubs, '/usr/local/bin');
open(my $over, '<', "$stubs/.over") or die "sandbox: $stubs/.over: $!\n";
while (my $name = <$over>) {
  chomp $name;
  bind_mount(-e "$stubs/$name" ? "$stubs/$name" : "$stubs/_stub", "/usr/bin/$name") if $name ne '' && -e "/usr/bin/$name";
}
close $over;
bind_mount("$run/top", '/home');
bind_mount("$run/home", '/home/user');
bind_mount("$run/work", '/home/user/project');
bind_mount("$run/opt", '/opt');
bind_mount("$run/outside", '/opt/outside');
bind_mount("$run/tmp", '/tmp');
mnt('tmpfs', '/dev/shm', 'tmpfs', MS_NOSUID | MS_NODEV, 'size=1m,mode=1777');
mnt('tmpfs', '/var/tmp', 'tmpfs', MS_NOSUID | MS_NODEV, 'size=1m,mode=1777');

# Every other writable mount becomes read-only (the root first).
my %keep = map { $_ => 1 } qw(/home /home/user /home/user/project /opt/outside /tmp /dev/shm /var/tmp /proc);
open(my $mi, '<', '/proc/self/mountinfo') or die "sandbox: mountinfo: $!\n";
my @mounts;
while (my $line = <$mi>) {
  my @f = split / /, $line;
  (my $mp = $f[4]) =~ s/\\([0-7]{3})/chr(oct($1))/ge;
  push @mounts, [$mp, $f[5]];
}
close $mi;
for my $m (sort { ($a->[0] eq '/' ? 0 : 1) <=> ($b->[0] eq '/' ? 0 : 1) } @mounts) {
  my ($mp, $opts) = @$m;
  next if $keep{$mp} || $mp =~ m{^/proc/} || $mp eq $meta;
  my %o = map { $_ => 1 } split /,/, $opts;
  next if $o{ro};
  my $flags = MS_REMOUNT | MS_BIND | MS_RDONLY;
  $flags |= MS_NOSUID if $o{nosuid};
  $flags |= MS_NODEV if $o{nodev};
  $flags |= MS_NOEXEC if $o{noexec};
  $flags |= MS_NOATIME if $o{noatime};
  $flags |= MS_NODIRATIME if $o{nodiratime};
  $flags |= MS_RELATIME if $o{relatime};
  my ($none, $target) = ('none', $mp);
  my $ok = syscall(SYS_mount, $none, $target, 0, $flags, 0) == 0;
  die "sandbox: remount / read-only: $!\n" if !$ok && $mp eq '/';
}
# Proof, not hope: a write at the root must fail with EROFS.
if (open(my $probe, '>', '/.oracle-write-probe')) { unlink '/.oracle-write-probe'; die "sandbox: / is still writable\n"; }
die "sandbox: / is not read-only: $!\n" unless $!{EROFS};

# The loopback interface, up (the only interface in the new network namespace).
socket(my $sock, 2, 2, 0) or die "sandbox: socket: $!\n";
my $ifreq = pack('a16 s x22', 'lo', 1 | 8 | 64);
ioctl($sock, 0x8914, $ifreq) or die "sandbox: lo up: $!\n";
close $sock;

chdir $cwd or die "sandbox: cd $cwd: $!\n";

# The timer: after LIMIT_S seconds, every process of uid 65534 here is killed (as that user, so
# nothing else is touched); the trace then ends cleanly with its last lines kept.
my $timer = fork() // die "sandbox: fork: $!\n";
if ($timer == 0) {
  select(undef, undef, undef, $limit);
  print $timeout_fh "timeout\n";
  $) = '65534 65534'; $( = 65534; $> = 65534; $< = 65534;
  kill 9, -1;
  exit 0;
}

# The wrapper runs the command with the shell; when processes of its own are left (background jobs)
# it gives them 200 ms, then kills them. It first closes the record's descriptors.
my $wrapper = 'exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-; "$2" -c "$1"; rc=$?
for d in /proc/[0-9]*; do
  [ "${d#/proc/}" != $$ ] && [ -O "$d" ] && { sleep 0.2; kill -9 -1 2>/dev/null; break; }
done
exit $rc';
my @run = ('setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--no-new-privs',
  '--bounding-set=-all', '--inh-caps=-all', '/bin/sh', '-c', $wrapper, 'toolgate-oracle', $command, $shell);
my @argv = $trace eq '1'
  ? ('strace', '-f', '-qq', '--seccomp-bpf', '-x', '-s', '65536', '-o', '/proc/self/fd/' . fileno($trace_fh),
     '-e', 'trace=execve,execveat,clone,clone3,fork,vfork,chdir,fchdir', '--', @run)
  : @run;

my $child = fork() // die "sandbox: fork: $!\n";
if ($child == 0) {
  for ([RLIMIT_NPROC, $nproc], [RLIMIT_FSIZE, $fsize], [RLIMIT_CORE, 0]) {
    my $lim = pack('QQ', $_->[1], $_->[1]);
    syscall(SYS_setrlimit, $_->[0], $lim) == 0 or die "sandbox: setrlimit: $!\n";
  }
  open(STDIN, '<', '/dev/null') or die "sandbox: stdin: $!\n";
  open(STDOUT, '>&', $out_fh) or die "sandbox: stdout: $!\n";
  open(STDERR, '>&', $err_fh) or die "sandbox: stderr: $!\n";
  %ENV = (HOME => '/home/user', USER => 'user', LOGNAME => 'user', PWD => $cwd, LANG => 'C.UTF-8',
    TERM => 'dumb', GIT_CONFIG_NOSYSTEM => '1', PATH => '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin');
  for my $pair (@env) {
    my ($name, $value) = split /=/, $pair, 2;
    $ENV{$name} = $value if defined $value && $name =~ /^[A-Za-z_][A-Za-z0-9_]*$/;
  }
  exec { $argv[0] } @argv or die "sandbox: exec $argv[0]: $!\n";
}
waitpid($child, 0);
my $status = $? & 127 ? 128 + ($? & 127) : $? >> 8;
print $rc_fh "$status\n";
exit 0;

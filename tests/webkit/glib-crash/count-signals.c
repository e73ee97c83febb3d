// How often WebKit's processes take a signal, and what errno its handler leaves behind. Loaded
// with LD_PRELOAD into a WebKit run (reproduce.sh --count), it wraps every handler a process
// installs, except the fault signals JSC's wasm needs as they are, and writes one line per
// delivery to $KUBEVOL_SIGNALS.<pid>: the signal, the thread, errno before and after the handler.
// Everything a handler calls here is async-signal-safe (open, write, close, a hand-made number).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int (*real_sigaction)(int, const struct sigaction *, struct sigaction *);
static struct sigaction installed[65];
static char prefix[200] = "/tmp/kubevol-signals";

static int put_number(char *at, long n) {
  char digits[24];
  int d = 0, m = 0;
  if (n < 0) { at[m++] = '-'; n = -n; }
  do { digits[d++] = (char)('0' + n % 10); n /= 10; } while (n);
  while (d) at[m++] = digits[--d];
  return m;
}

static int put_text(char *at, const char *text) {
  int m = 0;
  while (text[m]) { at[m] = text[m]; m++; }
  return m;
}

static void append(const char *line, int n) {
  char path[256];
  int p = put_text(path, prefix);
  path[p++] = '.';
  p += put_number(path + p, getpid());
  path[p] = 0;
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd >= 0) {
    (void)!write(fd, line, n);
    close(fd);
  }
}

static void record(int sig, int before, int after) {
  char line[128];
  int n = put_text(line, "sig ");
  n += put_number(line + n, sig);
  n += put_text(line + n, " tid ");
  n += put_number(line + n, syscall(SYS_gettid));
  n += put_text(line + n, " errno ");
  n += put_number(line + n, before);
  n += put_text(line + n, " -> ");
  n += put_number(line + n, after);
  line[n++] = '\n';
  append(line, n);
}

static void wrapper(int sig, siginfo_t *info, void *context) {
  int before = errno;
  struct sigaction *handler = &installed[sig];
  if (handler->sa_flags & SA_SIGINFO) handler->sa_sigaction(sig, info, context);
  else if (handler->sa_handler != SIG_IGN && handler->sa_handler != SIG_DFL) handler->sa_handler(sig);
  int after = errno;  // what the interrupted code finds: left as the handler left it
  record(sig, before, after);
  errno = after;
}

static int wrapped(int sig, const struct sigaction *act) {
  if (!act || sig <= 0 || sig >= 65) return 0;
  if (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGTRAP) return 0;
  if (act->sa_flags & SA_SIGINFO) return act->sa_sigaction != NULL;
  return act->sa_handler != SIG_IGN && act->sa_handler != SIG_DFL;
}

int sigaction(int sig, const struct sigaction *act, struct sigaction *old) {
  if (!real_sigaction) {
    real_sigaction = (int (*)(int, const struct sigaction *, struct sigaction *))dlsym(RTLD_NEXT, "sigaction");
    const char *chosen = getenv("KUBEVOL_SIGNALS");
    if (chosen && strlen(chosen) < sizeof prefix) strcpy(prefix, chosen);
    // Which program this is, once, outside any handler.
    char line[64] = "process ";
    int fd = open("/proc/self/comm", O_RDONLY), n = 8;
    if (fd >= 0) {
      ssize_t got = read(fd, line + n, sizeof line - n - 1);
      close(fd);
      if (got > 0) n += (int)got;
    }
    if (line[n - 1] != '\n') line[n++] = '\n';
    append(line, n);
  }
  if (!wrapped(sig, act)) return real_sigaction(sig, act, old);
  struct sigaction mine = *act;
  installed[sig] = *act;
  mine.sa_flags |= SA_SIGINFO;
  mine.sa_sigaction = wrapper;
  return real_sigaction(sig, &mine, old);
}

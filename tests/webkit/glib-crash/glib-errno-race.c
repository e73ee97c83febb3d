// The crash "WebProcess CRASHED" after "getauxval () failed: Interrupted system call", without
// WebKit and without any code of this project: GLib's g_check_setuid() (glib/gutils.c, GLib 2.74
// in Debian 12) sets errno to 0, calls getauxval(AT_SECURE) and aborts the process with
// g_error() if errno is then not 0. A signal handler that returns with errno changed, on the same
// thread, between those two lines, kills the process. WebKit's thread suspension (JSC stops a
// thread with SIGUSR1 to scan its stack, WTF's handler waits in sigsuspend(), which always
// returns EINTR, and does not put errno back) is such a handler: count-signals.c measured 58,578
// of them in one run of the browser suites on the web process's main thread, 99.8% leaving errno
// EINTR; and that thread calls g_check_setuid() (GSettings, the D-Bus session address, GIO's
// modules). This program does what both do, on one thread each, and dies with GLib's message
// within a second:
//
//     tests/webkit/glib-crash/reproduce.sh
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

// GLib's own declarations (gio/gdbusaddress.h), so no -dev package is needed.
char *g_dbus_address_get_for_bus_sync(int bus_type, void *cancellable, void **error);
void g_free(void *mem);
enum { G_BUS_TYPE_SESSION = 2 };

static sem_t suspended;
static pthread_t caller;

// Suspend until resumed, as a garbage collector's stop-the-thread handler does: sigsuspend()
// always returns -1 with errno EINTR, and the handler does not put errno back.
static void suspend_resume(int sig) {
  if (sig != SIGUSR1) return;
  sigset_t wait_for_resume;
  sigfillset(&wait_for_resume);
  sigdelset(&wait_for_resume, SIGUSR2);
  sem_post(&suspended);
  sigsuspend(&wait_for_resume);
}

static void *suspender(void *unused) {
  (void)unused;
  for (;;) {
    pthread_kill(caller, SIGUSR1);
    sem_wait(&suspended);
    pthread_kill(caller, SIGUSR2);
    struct timespec pause = {0, 20000};
    nanosleep(&pause, NULL);
  }
  return NULL;
}

int main(void) {
  // Any address: GLib returns it after asking g_check_setuid() whether to trust the environment.
  setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent", 1);
  struct sigaction action = {0};
  action.sa_handler = suspend_resume;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGUSR1);
  action.sa_flags = SA_RESTART;
  sigaction(SIGUSR1, &action, NULL);
  sigaction(SIGUSR2, &action, NULL);
  sem_init(&suspended, 0, 0);
  caller = pthread_self();
  pthread_t thread;
  pthread_create(&thread, NULL, suspender, NULL);
  for (long calls = 1;; calls++) {
    g_free(g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, NULL, NULL));
    if (calls % 1000000 == 0) fprintf(stderr, "%ld calls, still running\n", calls);
  }
}

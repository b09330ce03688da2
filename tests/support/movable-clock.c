/*
 * A wall clock the tests can move forward, for the PostgreSQL test clusters with pg_cron
 * (tests/support/postgres.ts builds it and preloads it into the server with LD_PRELOAD).
 *
 * pg_cron 1.4 starts a job at the start of a minute, so a test that lets it run a job on its real
 * schedule waited up to a minute. With this library the server's time of day is the real one plus
 * an offset in milliseconds, read at every call from the target of the symbolic link named by
 * MOVABLE_CLOCK_LINK (a link is replaced in one rename, so no call reads half a number). A test
 * moves the clock to just before the next minute (tests/support/cron-jobs.ts) and pg_cron's own
 * scheduler, which reads the clock at least once a second, starts the minute's jobs at once.
 *
 * Only the time of day moves: the monotonic clocks that time waits and timeouts are left alone.
 * Without the variable, or without the link, the offset is 0.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);
static clock_gettime_fn real_clock_gettime;

/* Looked up once per process image: the server's children are forks and inherit it. */
__attribute__((constructor)) static void find_real_clock(void) {
  real_clock_gettime = (clock_gettime_fn)dlsym(RTLD_NEXT, "clock_gettime");
}

static long long offset_ns(void) {
  const char *link = getenv("MOVABLE_CLOCK_LINK");
  char target[32];
  ssize_t length;
  if (link == NULL) return 0;
  length = readlink(link, target, sizeof target - 1);
  if (length <= 0) return 0;
  target[length] = '\0';
  return strtoll(target, NULL, 10) * 1000000LL;
}

static void add_ns(struct timespec *time, long long ns) {
  long long total = (long long)time->tv_nsec + ns % 1000000000LL;
  time->tv_sec += ns / 1000000000LL + total / 1000000000LL;
  time->tv_nsec = total % 1000000000LL;
  if (time->tv_nsec < 0) {
    time->tv_nsec += 1000000000LL;
    time->tv_sec -= 1;
  }
}

int clock_gettime(clockid_t clock, struct timespec *time) {
  int result = real_clock_gettime(clock, time);
  if (result == 0 && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)) add_ns(time, offset_ns());
  return result;
}

int gettimeofday(struct timeval *restrict time, void *restrict zone) {
  struct timespec now;
  (void)zone;
  if (clock_gettime(CLOCK_REALTIME, &now) != 0) return -1;
  time->tv_sec = now.tv_sec;
  time->tv_usec = now.tv_nsec / 1000;
  return 0;
}

time_t time(time_t *result) {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  if (result != NULL) *result = now.tv_sec;
  return now.tv_sec;
}

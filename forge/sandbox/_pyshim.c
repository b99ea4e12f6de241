/* `python3` in a Forge sandbox, native: the protocol and behaviour of _pyshim.py, in ~0.5 ms.
 *
 * Built on the host by forge.sandbox.zygote (`cc -O2 -Wall -Werror -DREAL_PYTHON=...`) and
 * installed as /run/forge-py/bin/python3 (and python); the Python shim stays the fallback
 * when there is no compiler. It hands this sandbox's own warm python server its
 * stdin/stdout/stderr, cwd, argv, umask and environ, forwards signals to the child and exits the way the child did. Anything going
 * wrong before the child starts (a closed stdio fd, no socket, a refusal, a hang-up) execs the
 * real interpreter with the same arguments, so correctness never depends on the zygote.
 *
 * It runs as the sandbox's unprivileged uid, on argv and environ the sandboxed program chose:
 * every length is checked, every buffer bounded, and nothing in either steers the shim itself.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#ifndef REAL_PYTHON
#error "build with -DREAL_PYTHON='\"/path/to/python3\"'"
#endif

#ifndef SOCKET_PATH /* a build option for tests only: never read at run time */
#define SOCKET_PATH "/run/forge-py/call/python.sock"
#endif
#define MAX_REQUEST ((size_t)8 << 20) /* the zygote's limit: larger requests run cold anyway */
#define MAX_LINE 256                  /* replies are "F", "P <pid>", "X <code>", "S <signal>" */
_Static_assert(sizeof SOCKET_PATH <= sizeof(((struct sockaddr_un *)0)->sun_path), "socket path too long");

extern char **environ;

static const int FORWARDED[] = {SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM};
#define N_FORWARDED (sizeof(FORWARDED) / sizeof(FORWARDED[0]))

static char **shim_argv;
static int shim_argc;
static sigset_t caller_mask; /* the forwarded signals are held until the child's pid is known */
static volatile sig_atomic_t child_pid;

static void say(const char *text) {
    signal(SIGPIPE, SIG_IGN); /* a closed stderr: end with our status, not SIGPIPE */
    ssize_t ignored = write(2, text, strlen(text));
    (void)ignored;
}

/* exec the real interpreter as [REAL_PYTHON, argv[1:]...]; never returns. */
static void real_python(void) {
    static char *alone[] = {REAL_PYTHON, NULL};
    sigprocmask(SIG_SETMASK, &caller_mask, NULL); /* one held meanwhile acts now, as on a real one */
    char **args = alone;
    if (shim_argc >= 1) {
        shim_argv[0] = REAL_PYTHON; /* the array is ours (on the stack) and NULL-terminated */
        args = shim_argv;
    }
    execv(REAL_PYTHON, args);
    char message[512];
    snprintf(message, sizeof message, "python: cannot run %s: %s\n", REAL_PYTHON, strerror(errno));
    say(message);
    _exit(1);
}

/* --- the request: 4-byte little-endian length, then argc \0 argv... \0 KEY=VALUE... --- */

struct entry {
    const char *text;
    size_t key_len;
    size_t index;
};

static int by_key_then_index(const void *a, const void *b) {
    const struct entry *x = a, *y = b;
    size_t common = x->key_len < y->key_len ? x->key_len : y->key_len;
    int order = memcmp(x->text, y->text, common);
    if (order != 0)
        return order;
    if (x->key_len != y->key_len)
        return x->key_len < y->key_len ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Which environ entries Python's os.environb holds: those with a '=', the first of each key;
 * NULL: run cold. */
static unsigned char *environ_kept(size_t count) {
    unsigned char *keep = calloc(count ? count : 1, 1);
    struct entry *entries = calloc(count ? count : 1, sizeof *entries);
    if (keep == NULL || entries == NULL) {
        free(keep);
        free(entries);
        return NULL;
    }
    size_t n = 0;
    for (size_t i = 0; i < count; i++) {
        const char *eq = strchr(environ[i], '=');
        if (eq == environ[i]) { /* "=VALUE": the zygote cannot set that variable in the child */
            free(keep);
            free(entries);
            return NULL;
        }
        if (eq != NULL)
            entries[n++] = (struct entry){environ[i], (size_t)(eq - environ[i]), i};
    }
    qsort(entries, n, sizeof *entries, by_key_then_index);
    for (size_t i = 0; i < n; i++) {
        const struct entry *prev = i ? &entries[i - 1] : NULL;
        if (prev == NULL || prev->key_len != entries[i].key_len ||
            memcmp(prev->text, entries[i].text, entries[i].key_len) != 0)
            keep[entries[i].index] = 1;
    }
    free(entries);
    return keep;
}

/* The fields of the body, in order: "argc umask" (octal), argv[0] as the Python shim sees it,
 * argv[1:], environ. */
struct fields {
    char count[48];
    const char *name;
    size_t n_argv;             /* len(argv) sent: 1 + len(sys.argv[1:]) */
    const unsigned char *keep; /* which environ entries */
    size_t env_count;
};

static const char *field(const struct fields *f, size_t i) {
    if (i == 0)
        return f->count;
    if (i == 1)
        return f->name;
    if (i <= f->n_argv)
        return shim_argv[i - 1]; /* 2 <= i <= argc - 1 + 1 */
    i -= f->n_argv + 1;
    return i < f->env_count && f->keep[i] ? environ[i] : NULL;
}

/* The whole message (length prefix included) in a malloc'd buffer; NULL: run cold. */
static unsigned char *build_request(size_t *size) {
    struct fields f = {.env_count = 0};
    while (environ != NULL && environ[f.env_count] != NULL)
        f.env_count++;
    unsigned char *keep = environ_kept(f.env_count);
    if (keep == NULL)
        return NULL;
    f.keep = keep;
    /* os.path.basename(sys.argv[0]) of the Python shim: the path execve was given */
    const char *exec_path = (const char *)getauxval(AT_EXECFN);
    if (exec_path == NULL)
        exec_path = shim_argc >= 1 ? shim_argv[0] : "python3";
    const char *slash = strrchr(exec_path, '/');
    f.name = slash ? slash + 1 : exec_path;
    f.n_argv = shim_argc > 1 ? (size_t)shim_argc : 1;
    mode_t mask = umask(0); /* the server cannot read our umask: it is not in our pid namespace */
    umask(mask);
    snprintf(f.count, sizeof f.count, "%zu %o", f.n_argv, (unsigned)mask);
    size_t fields = 1 + f.n_argv + f.env_count;
    size_t total = 0; /* with a \0 after every field: one more than the body */
    for (size_t i = 0; i < fields; i++) {
        const char *text = field(&f, i);
        if (text == NULL)
            continue;
        size_t len = strlen(text);
        if (len > MAX_REQUEST || total > MAX_REQUEST - len) {
            free(keep);
            return NULL; /* the zygote would refuse it */
        }
        total += len + 1;
    }
    unsigned char *buf = malloc(4 + total);
    if (buf == NULL) {
        free(keep);
        return NULL;
    }
    size_t used = 4;
    for (size_t i = 0; i < fields; i++) {
        const char *text = field(&f, i);
        if (text == NULL)
            continue;
        size_t len = strlen(text);
        memcpy(buf + used, text, len + 1);
        used += len + 1;
    }
    free(keep);
    size_t body = total - 1;
    for (int i = 0; i < 4; i++)
        buf[i] = (unsigned char)(body >> (8 * i));
    *size = 4 + body;
    return buf;
}

/* Send it all, the four fds with the first bytes; 0 on any failure. */
static int send_request(int sock, const unsigned char *data, size_t size, const int fds[4]) {
    union {
        char space[CMSG_SPACE(4 * sizeof(int))];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof control);
    struct iovec iov = {(void *)data, size};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
    msg.msg_control = control.space;
    msg.msg_controllen = sizeof control.space;
    struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(4 * sizeof(int));
    memcpy(CMSG_DATA(cmsg), fds, 4 * sizeof(int));
    ssize_t sent;
    do
        sent = sendmsg(sock, &msg, MSG_NOSIGNAL);
    while (sent < 0 && errno == EINTR);
    if (sent <= 0)
        return 0;
    size_t done = (size_t)sent;
    while (done < size) {
        sent = send(sock, data + done, size - done, MSG_NOSIGNAL);
        if (sent < 0 && errno == EINTR)
            continue;
        if (sent <= 0)
            return 0;
        done += (size_t)sent;
    }
    return 1;
}

/* --- replies: newline-terminated lines --- */

static char pending[MAX_LINE];
static size_t pending_len;

/* 1: a line in `line` (NUL-terminated, an overlong one comes back empty); 0: EOF; -1: error. */
static int next_line(int sock, char line[MAX_LINE]) {
    int overlong = 0;
    for (;;) {
        char *newline = memchr(pending, '\n', pending_len);
        if (newline != NULL) {
            size_t len = (size_t)(newline - pending);
            memcpy(line, pending, len);
            line[overlong ? 0 : len] = '\0';
            pending_len -= len + 1;
            memmove(pending, newline + 1, pending_len);
            return 1;
        }
        if (pending_len == sizeof pending) { /* no newline in a full buffer: drop to the next one */
            overlong = 1;
            pending_len = 0;
        }
        ssize_t got = recv(sock, pending + pending_len, sizeof pending - pending_len, 0);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return -1;
        if (got == 0)
            return 0;
        pending_len += (size_t)got;
    }
}

/* A decimal in [low, high] after `prefix` (exactly, nothing after); -1 if none. */
static long long number_after(const char *line, const char *prefix, long long low, long long high) {
    size_t skip = strlen(prefix);
    if (strncmp(line, prefix, skip) != 0 || line[skip] == '\0')
        return -1;
    long long value = 0;
    for (const char *p = line + skip; *p != '\0'; p++) {
        if (*p < '0' || *p > '9' || value > high)
            return -1;
        value = value * 10 + (*p - '0');
    }
    return value >= low && value <= high ? value : -1;
}

static int is_forwarded(int signum) {
    for (size_t i = 0; i < N_FORWARDED; i++)
        if (FORWARDED[i] == signum)
            return 1;
    return 0;
}

static void forward(int signum) {
    int saved = errno;
    pid_t child = (pid_t)child_pid;
    if (child > 0)
        kill(child, signum);
    errno = saved;
}

/* End with the child's signal so the shell reports 128+N, without a second core file. */
static void die_like(int signum) {
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    if (is_forwarded(signum))
        signal(signum, SIG_DFL);
    kill(getpid(), signum);
    _exit(128 + signum);
}

int main(int argc, char **argv) {
    shim_argc = argc;
    shim_argv = argv;
    sigset_t held;
    sigemptyset(&held);
    for (size_t i = 0; i < N_FORWARDED; i++)
        sigaddset(&held, FORWARDED[i]);
    /* The child may run the program before its pid reaches us: a signal sent meanwhile waits
     * for the forwarder instead of ending the shim and orphaning the call. */
    sigprocmask(SIG_BLOCK, &held, &caller_mask);
    for (int fd = 0; fd < 3; fd++) /* a closed stdio fd: the real interpreter knows what to do */
        if (fcntl(fd, F_GETFD) < 0)
            real_python();
    size_t size = 0;
    unsigned char *request = build_request(&size);
    if (request == NULL)
        real_python();
    int sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (sock < 0)
        real_python();
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    memcpy(address.sun_path, SOCKET_PATH, sizeof SOCKET_PATH); /* a constant, it fits */
    if (connect(sock, (struct sockaddr *)&address, sizeof address) != 0)
        real_python();
    int cwd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (cwd < 0)
        real_python();
    int fds[4] = {0, 1, 2, cwd};
    if (!send_request(sock, request, size, fds))
        real_python();
    close(cwd);
    free(request);

    char line[MAX_LINE];
    if (next_line(sock, line) != 1) /* a hang-up or an error before the child started */
        real_python();
    long long child = number_after(line, "P ", 1, INT32_MAX);
    if (strncmp(line, "P ", 2) != 0)
        real_python();
    if (child < 0) {
        say("python: the warm interpreter sent a bad reply\n");
        _exit(1);
    }
    child_pid = (sig_atomic_t)child;
    for (size_t i = 0; i < N_FORWARDED; i++) {
        struct sigaction old;
        if (sigaction(FORWARDED[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) {
            struct sigaction action; /* what our caller ignores stays ignored */
            memset(&action, 0, sizeof action);
            action.sa_handler = forward;
            action.sa_flags = SA_RESTART;
            sigfillset(&action.sa_mask);
            sigaction(FORWARDED[i], &action, NULL);
        }
    }
    sigprocmask(SIG_SETMASK, &caller_mask, NULL); /* what was held goes to the child now */
    while (next_line(sock, line) == 1) {
        long long code = number_after(line, "X ", 0, INT32_MAX);
        if (code >= 0)
            _exit((int)(code & 0xFF));
        long long signum = number_after(line, "S ", 1, NSIG - 1);
        if (signum > 0)
            die_like((int)signum);
        if (strncmp(line, "X ", 2) == 0 || strncmp(line, "S ", 2) == 0)
            break;
    }
    say("python: the warm interpreter went away before the program ended\n");
    _exit(1);
}

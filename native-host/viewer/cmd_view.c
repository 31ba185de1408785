/* `tessera view [--out PATH] [--open] [--expected FILE] FILE`: the file is
 * checked with the readers `tessera replay` uses (a bad recording is an
 * error here, with its line or byte, not a blank page), then written into
 * the page. The page's path is the first line of stdout. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifndef __wasi__
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "terminal_safe.h"
#include "cast_reader.h"
#include "diag.h"
#include "errno_text.h"
#include "exit_codes.h"
#include "journal_screen.h"
#include "make_dirs.h"
#include "page_write.h"
#include "stamped_dir.h"
#include "tessera/text.h"
#include "view_command.h"

typedef struct view_args {
    const char *file, *out, *expected;
    int open, help;
} view_args;

static int parse(int argc, char **argv, view_args *a)
{
    memset(a, 0, sizeof *a);
    int flags = 1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (flags && strcmp(arg, "--") == 0) {
            flags = 0;
        } else if (flags && (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)) {
            a->help = 1;
        } else if (flags && strcmp(arg, "--open") == 0) {
            a->open = 1;
        } else if (flags && (strcmp(arg, "--out") == 0 || strcmp(arg, "--expected") == 0)) {
            if (i + 1 >= argc || !argv[i + 1][0])
                return diag_usage("view: %s needs a path", arg);
            *(arg[2] == 'o' ? &a->out : &a->expected) = argv[++i];
        } else if (flags && arg[0] == '-' && arg[1]) {
            char q[64];
            tsr_quote(q, sizeof q, arg, strlen(arg), 0);
            return diag_usage("view: unknown option %s", q);
        } else if (a->file) {
            return diag_usage("view: only one FILE may be given");
        } else {
            a->file = arg;
        }
    }
    if (!a->file && !a->help)
        return diag_usage("view needs a FILE: a recording (.cast, a journal) or a snapshot");
    return TSR_EXIT_OK;
}

static int cast_header(void *ctx, int w, int h) { (void)ctx, (void)w, (void)h; return 0; }
static int cast_output(void *ctx, const char *d, size_t n) { (void)ctx, (void)d, (void)n; return 0; }
static int cast_resize(void *ctx, int c, int r) { (void)ctx, (void)c, (void)r; return 0; }

/* Reads the whole file as `tessera replay` would: 0, or an exit code after
 * naming the file and what is wrong. A snapshot text file is any other. */
static int check_file(FILE *fp, const char *name)
{
    int first = getc(fp);
    if (first != EOF)
        ungetc(first, fp);
    int code = TSR_EXIT_OK;
    if (first == TSR_JOURNAL_MAGIC[0]) {
        replay_point end = {0};
        journal_screen_args a = {{0}, 0, 0, &end, NULL, NULL};
        tsr_options_default(&a.term);
        journal_screen_result res;
        journal_error err;
        int rc = journal_screen(fp, &a, &res, &err);
        if (rc == JOURNAL_ERR_INVALID) {
            code = journal_diag(name, &err);
        } else if (rc == JOURNAL_ERR_IO) {
            code = diag_file_errno(name, "cannot read", err.read_errno);
        } else if (rc != JOURNAL_OK) {
            code = diag_internal("%s: cannot replay the journal", name);
        }
        if (res.term)
            tsr_term_free(res.term);
    } else if (first == '{') {
        cast_sink sink = {NULL, cast_header, cast_output, cast_resize, NULL};
        cast_error err;
        int rc = cast_read(fp, &sink, &err);
        if (rc == CAST_ERR_INVALID)
            code = diag_file_line(name, err.line, "%s", err.reason);
        else if (rc == CAST_ERR_IO)
            code = diag_file_errno(name, "cannot read", err.read_errno);
        else if (rc != CAST_OK)
            code = diag_internal("out of memory");
    }
    if (code == TSR_EXIT_OK && fseek(fp, 0, SEEK_SET) != 0)
        code = diag_file_errno(name, "cannot read", errno);
    return code;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash && slash[1] ? slash + 1 : path;
}

/* The default: a new folder in $TMPDIR (or /tmp) holding NAME.html. */
static int default_out(const char *file, char *out, size_t cap)
{
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    if (stamped_dir_make(tmp && *tmp ? tmp : "/tmp", "tessera-view", dir, sizeof dir) != 0)
        return diag_internal("view: %s: cannot create: %s", dir, errno_text(errno));
    char base[72];
    stamped_dir_base(base_name(file), 1, base, sizeof base);
    if (snprintf(out, cap, "%s/%s.html", dir, base) >= (int)cap)
        return diag_internal("view: the page's path is too long");
    return TSR_EXIT_OK;
}

/* A missing folder of --out is made, as golden files' are. */
static int make_parent(const char *path)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir)
        return -1;
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    return make_dirs(dir, 0777);
}

static int open_page(const char *path)
{
#ifdef __wasi__
    (void)path;
    return diag_usage("view: --open is not available here: open the page's path in a browser");
#else
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, STDIN_FILENO);
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
        }
        execlp("xdg-open", "xdg-open", path, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        safe_fprintf(stderr, "tessera: view: xdg-open could not open the page: open %s in a browser\n",
                path);
    return TSR_EXIT_OK;
#endif
}

static char *read_expected(const char *path, size_t *len, int *code)
{
    FILE *fp = fopen(path, "rb");
    char *text = NULL;
    size_t n = 0, cap = 0;
    while (fp) {
        if (n == cap) {
            char *grown = cap < (64u << 20) ? realloc(text, cap = cap ? cap * 2 : 4096) : NULL;
            if (!grown)
                break;
            text = grown;
        }
        size_t got = fread(text + n, 1, cap - n, fp);
        n += got;
        if (got == 0)
            break;
    }
    if (!fp || ferror(fp) || n == cap) {
        *code = fp && n == cap ? diag_usage("view: %s: larger than 64 MiB", path)
                               : diag_file_errno(path, fp ? "cannot read" : "cannot open", errno);
        free(text);
        text = NULL;
    }
    if (fp)
        fclose(fp);
    *len = n;
    return text;
}

static int write_page(const view_args *a, FILE *in, const char *expected, size_t expected_len)
{
    char path[4200];
    int code = TSR_EXIT_OK;
    if (a->out) {
        if (snprintf(path, sizeof path, "%s", a->out) >= (int)sizeof path)
            return diag_usage("view: --out: the path is too long");
        if (make_parent(path) != 0)
            return diag_file_errno(path, "cannot create its folder", errno);
    } else if ((code = default_out(a->file, path, sizeof path)) != TSR_EXIT_OK) {
        return code;
    }
    FILE *fp = fopen(path, "wb");
    if (!fp)
        return diag_file_errno(path, "cannot write", errno);
    page_data d = {base_name(a->file), NULL, 0, in,
                   a->expected ? base_name(a->expected) : NULL, expected, expected_len, NULL};
    int rc = page_write(fp, &d);
    int saved = errno;
    if (fclose(fp) != 0 && rc == PAGE_OK)
        rc = PAGE_WRITE, saved = errno;
    if (rc != PAGE_OK) {
        remove(path);
        if (rc == PAGE_READ)
            return diag_file_errno(a->file, "cannot read", saved);
        if (rc == PAGE_WRITE)
            return diag_file_errno(path, "cannot write", saved);
        return diag_internal("view: %s", page_status_text(rc));
    }
    printf("%s\n", path);
    if (fflush(stdout) != 0)
        return diag_internal("cannot write to stdout");
    return a->open ? open_page(path) : TSR_EXIT_OK;
}

int cmd_view(int argc, char **argv)
{
    view_args a;
    int code = parse(argc, argv, &a);
    if (code != TSR_EXIT_OK || a.help) {
        if (a.help)
            cli_print_command_help(&VIEW_COMMAND);
        return code;
    }
    if (!page_available())
        return diag_internal("view: %s", page_status_text(PAGE_NO_TEMPLATE));
    FILE *in = fopen(a.file, "rb");
    if (!in)
        return diag_file_errno(a.file, "cannot open", errno);
    struct stat st;
    if (fstat(fileno(in), &st) != 0 || S_ISDIR(st.st_mode))
        code = diag_file_errno(a.file, "cannot read", S_ISDIR(st.st_mode) ? EISDIR : errno);
    else if ((unsigned long long)st.st_size > VIEW_MAX_FILE_BYTES)
        code = diag_usage("view: %s: %lld bytes, more than the %lu MiB a page can hold", a.file,
                          (long long)st.st_size, VIEW_MAX_FILE_BYTES >> 20);
    else
        code = check_file(in, a.file);
    size_t expected_len = 0;
    char *expected = NULL;
    if (code == TSR_EXIT_OK && a.expected)
        expected = read_expected(a.expected, &expected_len, &code);
    if (code == TSR_EXIT_OK)
        code = write_page(&a, in, expected, expected_len);
    free(expected);
    fclose(in);
    return code;
}

const cli_command VIEW_COMMAND = {
    "view",
    "[--out PATH] [--open] [--expected FILE] FILE",
    "write a recording or a snapshot into one self-contained HTML page",
    "FILE is an asciicast recording, a journal (a failure's trace.journal, `record\n"
    "--journal`) or a snapshot text file; it is checked as `tessera replay` reads it.\n"
    "The page holds the viewer, the wasm engine and FILE: it opens from file:// in\n"
    "any browser and makes no request. Its path is the first line of stdout.\n"
    "\nflags:\n"
    "  --out PATH        write the page there (missing folders are made); default:\n"
    "                    a new folder $TMPDIR/tessera-view-TIME/ (TMPDIR: /tmp)\n"
    "  --open            open the page with xdg-open\n"
    "  --expected FILE   a screen to compare with (a golden file), shown beside\n"
    "FILE may be up to 256 MiB.\n",
    cmd_view,
};
